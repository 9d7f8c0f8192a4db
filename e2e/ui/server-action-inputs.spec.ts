// Property-based: no input, however malformed, gets a 5xx from a server action. Every action of the
// build is called over HTTP as the browser calls it (lib: e2e/support/server-actions.ts), signed in as
// an admin (every role's actions), with generated arguments: any JSON, objects of the schemas' field
// names, near-valid inputs with one field replaced, and ids of real records mixed with garbage. The
// real records are this test's own (other specs rely on the seeded ones), so nothing else is changed.
import fc from "fast-check";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { env } from "@/lib/env";
import { withE2eDatabase } from "../support/e2e-database";
import { E2E_BASE_URL } from "../support/e2e-environment";
import { callServerAction, serverActions, type ServerAction } from "../support/server-actions";
import { DEMO_STAFF, signIn } from "../support/sign-in";

// 60 each in `npm test` (about 1,700 calls); ACTION_FUZZ_RUNS_PER_ACTION=1000 for a deep run.
const RUNS_PER_ACTION = Number(process.env.ACTION_FUZZ_RUNS_PER_ACTION ?? 60);
const FUZZ_CLIENT_IP = "198.51.100.23";
/** Ends the session the other calls use; its input is none. */
const NOT_FUZZED = new Set(["signOutOfStaff"]);

type Records = {
  requestIds: string[];
  driverIds: string[];
  providerIds: string[];
  siteIds: string[];
  prepJobIds: string[];
  profileIds: string[];
  endpointIds: string[];
  prepSiteIds: string[];
  /** The checks of that prep site's (seeded) inspection checklist. */
  inspectionCheckIds: string[];
  /** A staff member of the fuzzing's own, with a live session: the users page's actions end it. */
  userIds: string[];
  sessionIds: string[];
};

async function createOwnRecords(
  request: APIRequestContext,
  actions: Map<string, ServerAction>,
): Promise<Records> {
  const integration = { "X-Service-API-Key": env().DEMO_API_KEY_A };
  const operations = { "X-Service-API-Key": env().DEMO_OPS_API_KEY };
  const get = async <T>(path: string, headers: Record<string, string>) =>
    ((await (await request.get(path, { headers })).json()) as { data: T[] }).data;
  const sites = (await get<{ id: string; countryCode: string }>("/v1/infrastructure/sites", integration))
    .filter((site) => site.countryCode === "GB")
    .map((site) => site.id);
  const requestIds: string[] = [];
  for (const vrm of ["FZ01 AAA", "FZ02 BBB", "FZ03 CCC"]) {
    const created = await request.post("/v1/movement-requests/create-in-planning-pool", {
      headers: integration,
      data: {
        vehicle: { vrm, make: "Fuzz", model: "Input" },
        origin: { location: { type: "INTERNAL", siteId: sites[0] } },
        destination: { location: { type: "INTERNAL", siteId: sites[1] }, deliveryByDate: "2027-04-01" },
        businessArea: "Retail",
        transportMethod: "DRIVEN",
      },
    });
    expect(created.status()).toBe(201);
    requestIds.push(((await created.json()) as { id: string }).id);
  }
  const prepJobIds: string[] = [];
  for (const vin of ["WF0XXXGCDX1110001", "WF0XXXGCDX1110002"]) {
    const created = await request.post("/v1/prep-jobs/inbound-pending", {
      headers: integration,
      data: { vin, businessArea: "Retail", collectionLocation: { type: "INTERNAL", siteId: sites[0] } },
    });
    expect(created.status()).toBe(201);
    prepJobIds.push(((await created.json()) as { id: string }).id);
  }
  // A profile of its own: the keys and webhook endpoints the fuzzing creates, rotates and deletes are
  // never the seeded ones, and no movement's webhook goes to them.
  const profileId = `fuzz-profile-${Date.now()}`;
  await withE2eDatabase((client) =>
    client.query(
      `INSERT INTO "Profile" (id, "organisationId", name, "ownerEmail")
       SELECT $1, "organisationId", 'Fuzzing', 'fuzz@demo.test' FROM "User" WHERE email = $2`,
      [profileId, DEMO_STAFF.admin],
    ),
  );
  const endpoint = await callServerAction(
    request,
    actions.get("createWebhookEndpointAction")!,
    [profileId, { url: "http://127.0.0.1:9/fuzz-hooks" }],
    { origin: E2E_BASE_URL },
  );
  expect(endpoint.status()).toBe(200);
  const endpointIds = await withE2eDatabase(async (client) =>
    (
      await client.query<{ id: string }>(`SELECT id FROM "WebhookEndpoint" WHERE "profileId" = $1`, [
        profileId,
      ])
    ).rows.map((row) => row.id),
  );
  expect(endpointIds).toHaveLength(1);
  const userId = `fuzz-user-${Date.now()}`;
  const prepSiteIds = await withE2eDatabase(async (client) => {
    await client.query(
      `INSERT INTO "User" (id, "organisationId", email, name, "passwordHash", role)
       SELECT $1, "organisationId", $1 || '@fuzz.test', 'Fuzz User', 'not-a-hash', 'DISPATCHER'
       FROM "User" WHERE email = $2`,
      [userId, DEMO_STAFF.admin],
    );
    await client.query(
      `INSERT INTO "UserSession" (id, "organisationId", "userId", "expiresAt")
       SELECT id, "organisationId", id, now() + interval '1 day' FROM "User" WHERE id = $1`,
      [userId],
    );
    const { rows } = await client.query<{ id: string }>(
      `SELECT id FROM "Site" WHERE "isPrepSite" AND "organisationId" =
         (SELECT "organisationId" FROM "User" WHERE email = $1) ORDER BY code LIMIT 1`,
      [DEMO_STAFF.admin],
    );
    return rows.map((row) => row.id);
  });
  expect(prepSiteIds).toHaveLength(1);
  const inspectionCheckIds = await withE2eDatabase(async (client) =>
    (
      await client.query<{ id: string }>(
        `SELECT id FROM "ReconInspectionCheck" WHERE "siteId" = $1 ORDER BY position`,
        prepSiteIds,
      )
    ).rows.map((row) => row.id),
  );
  return {
    prepSiteIds,
    inspectionCheckIds,
    userIds: [userId],
    sessionIds: [userId],
    requestIds,
    driverIds: (await get<{ id: string }>("/v1/operations/drivers", operations)).map((driver) => driver.id),
    providerIds: (await get<{ id: string }>("/v1/infrastructure/providers/third-party", integration)).map(
      (provider) => provider.id,
    ),
    siteIds: sites,
    prepJobIds,
    profileIds: [profileId],
    endpointIds,
  };
}

/**
 * Reads the branding, the message and planning settings, the sites' pins and numbers, the drivers'
 * planning fields and the prep site's kanban and recon settings and inspection checklist now; the function
 * returned writes them back.
 */
async function keepOrganisationSettings(prepSiteId: string): Promise<() => Promise<void>> {
  const saved = await withE2eDatabase(async (client) => ({
    branding: (
      await client.query(
        `SELECT id, "brandLogoUrl", "brandColour", "mailFromName", "mailReplyTo", locale,
                "customerMessageKinds"::text[] AS "customerMessageKinds", "quietHoursStart", "quietHoursEnd",
                "driverCostPerHourCents", "latenessPenaltyPerHourCents", "repositioningMode",
                "publicTransportFactor", "chaseCarCostPerKmCents"
         FROM "Organisation" WHERE id = (SELECT "organisationId" FROM "Site" WHERE id = $1)`,
        [prepSiteId],
      )
    ).rows[0] as Record<string, unknown> & { id: string },
    sites: (
      await client.query(
        `SELECT id, latitude, longitude, phone FROM "Site"
         WHERE "organisationId" = (SELECT "organisationId" FROM "Site" WHERE id = $1)`,
        [prepSiteId],
      )
    ).rows as { id: string; latitude: number; longitude: number; phone: string | null }[],
    drivers: (
      await client.query(
        `SELECT id, "homeSiteId", "workingHours"::text, "daysOff"::text, "transporterLicence", "costPerHourCents"
         FROM "Driver" WHERE "organisationId" = (SELECT "organisationId" FROM "Site" WHERE id = $1)`,
        [prepSiteId],
      )
    ).rows as Record<string, unknown>[],
    siteSettings: (await client.query(`SELECT * FROM "PrepSiteSettings" WHERE "siteId" = $1`, [prepSiteId]))
      .rows[0] as Record<string, unknown> | undefined,
    reconSettings: (await client.query(`SELECT * FROM "ReconSiteSettings" WHERE "siteId" = $1`, [prepSiteId]))
      .rows[0] as Record<string, unknown> | undefined,
    inspectionChecks: (
      await client.query(`SELECT * FROM "ReconInspectionCheck" WHERE "siteId" = $1`, [prepSiteId])
    ).rows as Record<string, unknown>[],
  }));
  return () =>
    withE2eDatabase(async (client) => {
      const { id, ...organisation } = saved.branding;
      const columns = Object.keys(organisation);
      await client.query(
        `UPDATE "Organisation" SET ${columns
          .map((column, at) =>
            column === "customerMessageKinds"
              ? `"${column}" = $${at + 2}::"CustomerMessageKind"[]`
              : `"${column}" = $${at + 2}`,
          )
          .join(", ")} WHERE id = $1`,
        [id, ...Object.values(organisation)],
      );
      for (const site of saved.sites) {
        await client.query(`UPDATE "Site" SET latitude = $2, longitude = $3, phone = $4 WHERE id = $1`, [
          site.id,
          site.latitude,
          site.longitude,
          site.phone,
        ]);
      }
      for (const driver of saved.drivers) {
        await client.query(
          `UPDATE "Driver" SET "homeSiteId" = $2, "workingHours" = $3::jsonb, "daysOff" = $4::jsonb,
             "transporterLicence" = $5, "costPerHourCents" = $6 WHERE id = $1`,
          [
            driver.id,
            driver.homeSiteId,
            driver.workingHours,
            driver.daysOff,
            driver.transporterLicence,
            driver.costPerHourCents,
          ],
        );
      }
      await client.query(`DELETE FROM "ReconSiteSettings" WHERE "siteId" = $1`, [prepSiteId]);
      if (saved.reconSettings) {
        const columns = Object.keys(saved.reconSettings);
        await client.query(
          `INSERT INTO "ReconSiteSettings" (${columns.map((column) => `"${column}"`).join(", ")})
           VALUES (${columns.map((_, at) => `$${at + 1}`).join(", ")})`,
          Object.values(saved.reconSettings),
        );
      }
      await client.query(`DELETE FROM "ReconInspectionCheck" WHERE "siteId" = $1`, [prepSiteId]);
      for (const check of saved.inspectionChecks) {
        const columns = Object.keys(check);
        await client.query(
          `INSERT INTO "ReconInspectionCheck" (${columns.map((column) => `"${column}"`).join(", ")})
           VALUES (${columns.map((_, at) => `$${at + 1}`).join(", ")})`,
          Object.values(check),
        );
      }
      await client.query(`DELETE FROM "PrepSiteSettings" WHERE "siteId" = $1`, [prepSiteId]);
      if (saved.siteSettings) {
        const columns = Object.keys(saved.siteSettings);
        // JSON columns go back as JSON text (pg would write a JS array as a PostgreSQL array).
        const values = Object.values(saved.siteSettings).map((value) =>
          value !== null && typeof value === "object" && !(value instanceof Date)
            ? JSON.stringify(value)
            : value,
        );
        await client.query(
          `INSERT INTO "PrepSiteSettings" (${columns.map((column) => `"${column}"`).join(", ")})
           VALUES (${columns.map((_, at) => `$${at + 1}`).join(", ")})`,
          values,
        );
      }
    });
}

const json = fc.jsonValue({ maxDepth: 3 });
const garbageId = fc.oneof(
  fc.string({ maxLength: 80 }),
  fc.constantFrom("", "$", "$undefined", "01J00000000000000000000000", "../x", "a".repeat(300)),
  json,
);
const idFrom = (ids: string[]) => fc.oneof(fc.constantFrom(...ids), garbageId);
const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });
/** An object of the fields the schemas know, each holding anything. */
const fields = (...names: string[]) => fc.dictionary(fc.constantFrom(...names), json, { maxKeys: 5 });
/** A near-valid input: one of its fields replaced by anything, or one unknown field added. */
const mutated = (valid: Record<string, unknown>) =>
  fc.oneof(
    fc
      .tuple(fc.constantFrom(...Object.keys(valid)), json)
      .map(([field, value]) => ({ ...valid, [field]: value })),
    fc.tuple(fc.string({ maxLength: 12 }), json).map(([field, value]) => ({ ...valid, [field]: value })),
  );
const input = (valid: Record<string, unknown>, ...names: string[]) =>
  fc.oneof(json, fields(...Object.keys(valid), ...names), mutated(valid), fc.constant(valid));

function argumentsOf(records: Records): Record<string, fc.Arbitrary<unknown[]>> {
  const requestId = idFrom(records.requestIds);
  const driverId = idFrom(records.driverIds);
  const endpointId = idFrom(records.endpointIds);
  const profileId = idFrom(records.profileIds);
  const lifecycle = (valid: Record<string, unknown>, ...names: string[]) =>
    fc.tuple(requestId, maybe(input(valid, ...names)));
  return {
    assignAction: fc.tuple(
      requestId,
      fc.oneof(
        input({ driverId: records.driverIds[0] }, "legNumber", "offerToDriverId"),
        input({ thirdPartyLogisticsProviderId: records.providerIds[0] }, "legNumber"),
      ),
    ),
    acceptAction: lifecycle({ driverId: records.driverIds[0] }, "legNumber"),
    collectedAction: lifecycle({ legNumber: 1 }, "on", "at"),
    deliveredAction: lifecycle({ legNumber: 1 }, "on", "at"),
    abortAction: lifecycle({ reason: "VEHICLE_NOT_READY", detail: "fuzz" }, "legNumber"),
    cancelAction: lifecycle({ reason: "fuzz" }),
    jobLinksAction: fc.tuple(requestId),
    proofsAction: fc.tuple(requestId),
    newJobLinkAction: fc.tuple(
      requestId,
      fc.oneof(
        input({ driverId: records.driverIds[0] }),
        input({ thirdPartyLogisticsProviderId: records.providerIds[0] }),
      ),
    ),
    revokeJobLinkAction: fc.tuple(garbageId),
    // Plans of the fuzzing's own requests only; no real plan is accepted (a plan covers the seeded pool).
    askForPoolPlanAction: fc.tuple(
      input({ from: "2027-03-01", to: "2027-03-02", requestIds: records.requestIds }),
    ),
    poolPlanReviewAction: fc.tuple(garbageId),
    manualPlanAction: fc.tuple(garbageId),
    acceptPoolPlanAction: fc.tuple(garbageId, maybe(input({ requestIds: records.requestIds }))),
    movePlanRequestAction: fc.tuple(
      garbageId,
      input({ requestId: records.requestIds[0], to: { driverId: records.driverIds[0] } }),
    ),
    lockPlanRequestAction: fc.tuple(garbageId, input({ requestId: records.requestIds[0], locked: true })),
    replanAction: fc.tuple(garbageId),
    requestMarketplaceAction: fc.tuple(requestId),
    postToMarketplaceAction: fc.tuple(requestId),
    acceptBidAction: fc.tuple(
      input({ requestId: records.requestIds[0], bidId: "01J00000000000000000000000" }),
    ),
    inviteCarrierAction: fc.tuple(
      input({
        name: "Fuzz Carrier",
        email: "fuzz-carrier@fuzz.test",
        kind: "INDEPENDENT_DRIVER",
        transportMethods: ["DRIVEN"],
        postcodeAreas: "M LS",
      }),
    ),
    // Not true: the marketplace spec expects a dispatcher to decide (it resets the setting anyway).
    setAutoAcceptAction: fc.tuple(
      fc.oneof(
        json.filter((value) => value !== true),
        fc.constant(false),
      ),
    ),
    claimAction: fc.tuple(input({ requestId: records.requestIds[0] })),
    bidAction: fc.tuple(input({ requestId: records.requestIds[0], price: "100", validForHours: 24 })),
    // Northgate's seeded settings (the fuzzing admin's organisation), so that other specs see them unchanged.
    saveProofSettingsAction: fc.tuple(
      input({
        photoSlots: ["front_left", "front_right", "rear_left", "rear_right", "odometer"],
        onTrackingPage: true,
        dispatchPhone: "+441614960000",
      }),
    ),
    withdrawAction: fc.tuple(input({ requestId: records.requestIds[0] })),
    joinAction: fc.tuple(input({ token: "A".repeat(43), password: "a fuzzed long password" })),
    bulkAssignAction: fc.tuple(
      fc.oneof(
        input({ requestIds: records.requestIds, driverId: records.driverIds[0] }),
        fc.record({ requestIds: fc.array(requestId, { maxLength: 120 }), driverId }),
      ),
    ),
    saveViewAction: fc.tuple(input({ name: "Fuzz view", query: "status=PLANNED" })),
    deleteViewAction: fc.tuple(garbageId),
    movePrepJobAction: fc.tuple(
      fc.oneof(
        input({ id: records.prepJobIds[0], stage: "ARRIVED", substage: null }),
        fc.record({ id: idFrom(records.prepJobIds), stage: json, substage: json }),
      ),
    ),
    createDisplayLinkAction: fc.tuple(input({ name: "Fuzz screen", siteId: records.siteIds[0] })),
    revokeDisplayLinkAction: fc.tuple(garbageId),
    createMovementRequestAction: fc.tuple(
      input(
        { vehicle: { vrm: "FZ09 ZZZ" }, businessArea: "Retail", transportMethod: "DRIVEN" },
        "origin",
        "destination",
        "route",
        "notes",
        "thirdPartyLogisticsProviderId",
      ),
    ),
    createWebhookEndpointAction: fc.tuple(
      profileId,
      input({ url: "http://127.0.0.1:9/fuzz", eventTypes: ["movement.delivered"] }, "description"),
    ),
    setWebhookEndpointEnabledAction: fc.tuple(endpointId, json),
    updateWebhookEndpointAction: fc.tuple(
      endpointId,
      input({ url: "http://127.0.0.1:9/fuzz-2", eventTypes: ["movement.cancelled"] }, "enabled"),
    ),
    rotateWebhookSecretAction: fc.tuple(endpointId),
    deleteWebhookEndpointAction: fc.tuple(garbageId),
    sendWebhookTestEventAction: fc.tuple(endpointId, maybe(input({ eventType: "movement.delivered" }))),
    redeliverWebhookDeliveryAction: fc.tuple(endpointId, garbageId),
    createApiKeyAction: fc.tuple(profileId, input({ name: "Fuzz key", scopes: ["integration"] })),
    revokeApiKeyAction: fc.tuple(profileId, garbageId),
    dismissNotice: fc.tuple(fc.oneof(json, fields("noticeId"))),
    loadCardDetailsAction: fc.tuple(idFrom(records.prepJobIds)),
    addKanbanNoteAction: fc.tuple(input({ prepJobId: records.prepJobIds[0], body: "Fuzz note" })),
    addWorkItemAction: fc.tuple(
      idFrom(records.prepJobIds),
      input(
        {
          category: "BODY",
          description: "Fuzz item",
          estimate: [{ kind: "PARTS", description: "Fuzz part", amountCents: 100 }],
        },
        "currency",
      ),
    ),
    moveWorkItemAction: fc.tuple(
      idFrom(records.prepJobIds),
      garbageId,
      input({ to: "AWAITING_APPROVAL" }, "version", "partsExpectedOn", "actual"),
    ),
    editWorkItemAction: fc.tuple(
      idFrom(records.prepJobIds),
      garbageId,
      input({ description: "Fuzz edit" }, "category", "estimate", "version"),
    ),
    // One check of a longer list: mostly refused for the checks left unanswered.
    inspectVehicleAction: fc.tuple(
      idFrom(records.prepJobIds),
      input({ results: [{ checkId: records.inspectionCheckIds[0], passed: false, note: "Fuzz" }] }),
    ),
    decideEstimateAction: fc.tuple(
      idFrom(records.prepJobIds),
      fc.oneof(fc.constantFrom("APPROVED", "DECLINED"), json),
    ),
    loadCardSubletAction: fc.tuple(idFrom(records.prepJobIds)),
    // A garbage item id: a well-formed send would move a demo item to sublet.
    sendToSubletAction: fc.tuple(
      idFrom(records.prepJobIds),
      garbageId,
      input({ vendor: { new: { name: "Fuzz vendor", email: "fuzz@vendors.test" } } }, "emailLink", "version"),
    ),
    revokeSubletLinkAction: fc.tuple(idFrom(records.prepJobIds), garbageId),
    addWorkItemPhotoAction: fc.tuple(idFrom(records.prepJobIds), garbageId, json),
    savePrepSiteSettingsAction: fc.tuple(
      idFrom([...records.prepSiteIds, ...records.siteIds]),
      input({ wipLimits: { ARRIVED: 5 }, ageingThresholds: {}, openingHours: null, closedDays: [] }),
    ),
    saveReconSettingsAction: fc.tuple(
      idFrom([...records.prepSiteIds, ...records.siteIds]),
      input({
        labourRateCents: 6_000,
        currency: "GBP",
        autoApproveBelowCents: 10_000,
        outboundWithOpenItems: "BLOCK",
      }),
    ),
    saveInspectionChecklistAction: fc.tuple(
      idFrom([...records.prepSiteIds, ...records.siteIds]),
      input({ checks: [{ label: "Fuzz check", category: "OTHER" }] }),
    ),
    saveBrandingAction: fc.tuple(input({ logoUrl: "https://example.com/logo.png", colour: "#0F766E" })),
    saveMessageSettingsAction: fc.tuple(
      input({
        fromName: "Northgate Motors",
        replyTo: "",
        locale: "en-GB",
        customerMessageKinds: ["ON_ITS_WAY", "RUNNING_LATE", "ARRIVING", "DELIVERED"],
        quietHoursStart: "",
        quietHoursEnd: "",
      }),
    ),
    saveSitePinAction: fc.tuple(
      input({ siteId: records.siteIds[0], latitude: 53.48, longitude: -2.24, phone: "+441614960123" }),
    ),
    savePlanningSettingsAction: fc.tuple(
      input({
        driverCostPerHourCents: 1800,
        latenessPenaltyPerHourCents: 2500,
        repositioningMode: "CHASE_CAR",
        publicTransportFactor: 1.5,
        chaseCarCostPerKmCents: 45,
      }),
    ),
    saveDriverPlanningAction: fc.tuple(
      idFrom(records.driverIds),
      input({
        homeSiteId: records.siteIds[0],
        workingHours: { mon: { start: "08:00", end: "17:00" } },
        daysOff: ["2027-03-01"],
        transporterLicence: false,
        costPerHourCents: null,
      }),
    ),
    endUserSessionAction: fc.tuple(idFrom(records.userIds), idFrom(records.sessionIds)),
    endAllUserSessionsAction: fc.tuple(idFrom(records.userIds)),
    signInWithCredentials: fc.tuple(
      input({ email: "nobody@fuzz.test", password: "not-a-password" }),
      maybe(fc.oneof(fc.string({ maxLength: 60 }), json)),
    ),
  };
}

test("every server action answers every generated input without a 5xx", async ({ page }) => {
  test.setTimeout(600_000);
  await signIn(page, DEMO_STAFF.admin);
  const all = serverActions();
  const records = await createOwnRecords(page.request, all);
  const generators = argumentsOf(records);
  const actions = [...all.values()].filter((action) => !NOT_FUZZED.has(action.name));
  // A new action needs its generator here: it is not left out silently.
  expect(actions.map((action) => action.name).filter((name) => !generators[name])).toEqual([]);

  // Valid inputs change the organisation's settings, its sites' pins and a prep site's settings: put back
  // afterwards.
  const restoreSettings = await keepOrganisationSettings(records.prepSiteIds[0]!);
  let requests = 0;
  const call = async (action: ServerAction, args: unknown[]) => {
    requests += 1;
    const response = await callServerAction(page.request, action, args, {
      origin: E2E_BASE_URL,
      // Failed sign-ins count per client address: the fuzzing's count on an address of its own
      // (lib/auth/client-ip.ts takes the header's last entry), not on the one later tests sign in from.
      headers: action.name === "signInWithCredentials" ? { "x-forwarded-for": FUZZ_CLIENT_IP } : {},
    });
    expect(response.status(), `${action.name}(${JSON.stringify(args).slice(0, 300)})`).toBeLessThan(500);
  };
  // Every action is tried, whatever an earlier one did: the failures are listed together.
  const failures: string[] = [];
  try {
    for (const action of actions) {
      const outcome = await fc.check(
        fc.asyncProperty(generators[action.name]!, (args) => call(action, args)),
        { numRuns: RUNS_PER_ACTION },
      );
      if (outcome.failed) failures.push(fc.defaultReportMessage(outcome) ?? action.name);
    }
  } finally {
    await restoreSettings();
  }
  console.log(`server actions: ${requests} generated requests to ${actions.length} actions`);
  expect(failures).toEqual([]);
  expect(requests).toBe(actions.length * RUNS_PER_ACTION);
});

test("the fuzzed sign-ins used up no one else's sign-in budget", async ({ page }) => {
  await signIn(page, DEMO_STAFF.dispatcher);
  await expect(page).toHaveURL(/\/board$/);
});
