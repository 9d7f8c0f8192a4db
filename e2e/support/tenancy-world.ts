// The two organisations of the tenancy walk (e2e/ui/tenancy.spec.ts). Organisation A (Northgate
// Motors) gets resources of its own, made through the /v1 API with its demo keys, its admin's UI
// actions, or the database where nothing else makes them (notices, saved views, a failed delivery).
// Organisation B (Harbour Fleet) is seeded with a dispatcher only; an administrator is added here,
// with the same password, so that B's admin-only pages and actions can be walked too.
import { expect, type APIRequestContext } from "@playwright/test";
import { env } from "@/lib/env";
import { withE2eDatabase } from "./e2e-database";
import { E2E_BASE_URL } from "./e2e-environment";
import { hashLinkToken, newLinkToken } from "@/lib/security/link-token";
import { callServerAction, type ServerAction } from "./server-actions";
import { DEMO_STAFF } from "./sign-in";

export const B_ADMIN = "tenancy-admin@other.test";
/** The requester of A's movement: its tracking e-mail is A's message in the development mailbox. */
export const A_RECIPIENT = "tenancy.buyer@example.com";

export type WorldA = {
  requestId: string;
  vrm: string;
  /** Two sites of A in Great Britain (the request's origin and destination). */
  siteIds: [string, string];
  trackingToken: string;
  driverId: string;
  prepSite: { id: string; name: string; code: string };
  prepJob: { id: string; vin: string };
  /** A work item of A's prep job, awaiting approval (made through A's /v1 API). */
  workItem: { id: string; description: string };
  /** The checks of A's prep site's inspection checklist (seeded), in order. */
  inspectionCheckIds: string[];
  profileId: string;
  apiKeyId: string;
  endpoint: { id: string; url: string };
  deliveryId: string;
  displayLink: { id: string; token: string; name: string };
  /** A second work item of A's prep job, at a sublet vendor of A's, with the vendor's link. */
  subletItem: { id: string; description: string; vendorName: string; linkId: string; token: string };
  /** A carrier's job link of A (a second request of A, offered to A's driver). */
  jobLink: { id: string; token: string };
  noticeId: string;
  /** Dismissed by A's admin to show that the FormData encoding reaches the action. */
  controlNoticeId: string;
  notice: string;
  savedView: { id: string; name: string };
  /** A proposed plan of A's pool (of its request), made through the operations API. */
  poolPlanId: string;
  /** A's admin and one of their live sessions (the users page ends sessions). */
  adminUser: { id: string; sessionId: string };
  /** Text that only A's resources contain: none of it may reach B. */
  markers: string[];
};

const integrationA = () => ({ "X-Service-API-Key": env().DEMO_API_KEY_A });
const operationsA = () => ({ "X-Service-API-Key": env().DEMO_OPS_API_KEY });

async function getData<T>(request: APIRequestContext, path: string, headers: Record<string, string>) {
  const response = await request.get(path, { headers });
  expect(response.status(), path).toBe(200);
  return ((await response.json()) as { data: T[] }).data;
}

/** The action's ActionResult, read from the RSC answer ("1:{"ok":…}"). */
export async function actionResult(response: {
  text(): Promise<string>;
}): Promise<Record<string, unknown> | null> {
  for (const line of (await response.text()).split("\n")) {
    const json = /^[0-9a-f]+:(\{.*\})$/.exec(line)?.[1];
    if (!json) continue;
    const value = JSON.parse(json) as Record<string, unknown>;
    if ("ok" in value) return value;
  }
  return null;
}

/** Adds B's administrator (idempotent), with dispatcher@other.test's password hash. */
export async function addAdminOfB(): Promise<void> {
  await withE2eDatabase((client) =>
    client.query(
      `INSERT INTO "User" (id, "organisationId", email, name, "passwordHash", role)
       SELECT 'tenancy-admin-of-b', "organisationId", $1, 'Tenancy Admin', "passwordHash", 'ADMIN'
       FROM "User" WHERE email = $2
       ON CONFLICT (email) DO NOTHING`,
      [B_ADMIN, DEMO_STAFF.otherDispatcher],
    ),
  );
}

/**
 * A's resources. `adminA` is a request context signed in as A's admin: the display link is made
 * through its action, as the page makes it (the token is shown once).
 */
export async function createWorldA(
  request: APIRequestContext,
  adminA: APIRequestContext,
  actions: Map<string, ServerAction>,
): Promise<WorldA> {
  // Playwright starts a new worker (and this again) after a failed test: ids of this run's own.
  const run = Date.now().toString(36);
  const sites = (
    await getData<{ id: string; name: string; countryCode: string }>(
      request,
      "/v1/infrastructure/sites",
      integrationA(),
    )
  ).filter((site) => site.countryCode === "GB");
  const vrm = "TN24 AAA";
  const created = await request.post("/v1/movement-requests/create-in-planning-pool", {
    headers: integrationA(),
    data: {
      vehicle: { vin: "WF0XXXGCDX7770001", vrm, make: "Tenancy", model: "Probe" },
      origin: { location: { type: "INTERNAL", siteId: sites[0]!.id } },
      destination: { location: { type: "INTERNAL", siteId: sites[1]!.id }, deliveryByDate: "2027-05-01" },
      businessArea: "Retail",
      transportMethod: "DRIVEN",
      requestedBy: A_RECIPIENT,
    },
  });
  expect(created.status()).toBe(201);
  const movement = (await created.json()) as { id: string; trackingUrl: string };

  const endpointUrl = `http://127.0.0.1:9/tenancy-a-hooks-${run}`;
  // Only aborts are sent to it, and nothing aborts A's movements here: the worker leaves it alone.
  const endpointResponse = await request.post("/v1/webhooks/endpoints", {
    headers: integrationA(),
    data: { url: endpointUrl, eventTypes: ["movement.aborted"] },
  });
  expect(endpointResponse.status()).toBe(201);
  const endpointId = ((await endpointResponse.json()) as { id: string }).id;

  const drivers = await getData<{ id: string }>(request, "/v1/operations/drivers", operationsA());
  const jobLink = await jobLinkOfA(request, sites, drivers[0]!.id, run);

  const today = new Date().toISOString().slice(0, 10);
  const planned = await request.post("/v1/operations/planning-pool/plans", {
    headers: operationsA(),
    data: { from: today, to: today, requestIds: [movement.id] },
  });
  expect(planned.status(), await planned.text()).toBe(201);
  const poolPlanId = ((await planned.json()) as { id: string }).id;

  const fromDatabase = await withE2eDatabase(async (client) => {
    const one = async <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) => {
      const rows = (await client.query<T>(sql, params)).rows;
      expect(rows.length, sql).toBeGreaterThan(0);
      return rows[0]!;
    };
    const { organisationId } = await one<{ organisationId: string }>(
      `SELECT "organisationId" FROM "User" WHERE email = $1`,
      [DEMO_STAFF.admin],
    );
    const prepSite = await one<{ id: string; name: string; code: string }>(
      `SELECT s.id, s.name, s.code FROM "Site" s
       WHERE s."organisationId" = $1 AND s."isPrepSite"
         AND EXISTS (SELECT 1 FROM "PrepJob" j WHERE j."prepSiteId" = s.id AND j.vin IS NOT NULL)
       ORDER BY s.code LIMIT 1`,
      [organisationId],
    );
    const prepJob = await one<{ id: string; vin: string }>(
      `SELECT id, vin FROM "PrepJob" WHERE "prepSiteId" = $1 AND vin IS NOT NULL ORDER BY id LIMIT 1`,
      [prepSite.id],
    );
    const { profileId } = await one<{ profileId: string }>(
      `SELECT "profileId" FROM "WebhookEndpoint" WHERE id = $1`,
      [endpointId],
    );
    const { apiKeyId } = await one<{ apiKeyId: string }>(
      `SELECT k.id AS "apiKeyId" FROM "ApiKey" k WHERE k."profileId" = $1 AND k."revokedAt" IS NULL
       ORDER BY k."createdAt" LIMIT 1`,
      [profileId],
    );
    const { trackingToken } = await one<{ trackingToken: string }>(
      `SELECT "trackingToken" FROM "MovementRequest" WHERE id = $1`,
      [movement.id],
    );
    // A delivery the worker never picks up (FAILED), to redeliver.
    const deliveryId = `tenancy-a-delivery-${run}`;
    await client.query(
      `INSERT INTO "WebhookDelivery" (id, "organisationId", "endpointId", "eventId", status, "attemptCount")
       SELECT $1, $3, $2, id, 'FAILED', 8 FROM "Event" WHERE "organisationId" = $3 ORDER BY sequence LIMIT 1`,
      [deliveryId, endpointId, organisationId],
    );
    const notice = "Tenancy probe: a notice of Northgate Motors";
    for (const id of [`tenancy-a-notice-${run}`, `tenancy-a-control-notice-${run}`]) {
      await client.query(
        `INSERT INTO "Notice" (id, "organisationId", kind, message) VALUES ($1, $2, 'tenancy_probe', $3)`,
        [id, organisationId, notice],
      );
    }
    const savedView = { id: `tenancy-a-view-${run}`, name: `Tenancy probe view of A ${run}` };
    await client.query(
      `INSERT INTO "SavedView" (id, "organisationId", "userId", name, query)
       SELECT $1, "organisationId", id, $2, 'status=PLANNING_POOL' FROM "User" WHERE email = $3`,
      [savedView.id, savedView.name, DEMO_STAFF.dispatcher],
    );
    // The session of A's admin signed in before this (the walk's adminA), still live.
    const adminUser = await one<{ id: string; sessionId: string }>(
      `SELECT u.id, s.id AS "sessionId" FROM "User" u JOIN "UserSession" s ON s."userId" = u.id
       WHERE u.email = $1 AND s."endedAt" IS NULL ORDER BY s."createdAt" DESC LIMIT 1`,
      [DEMO_STAFF.admin],
    );
    const inspectionCheckIds = (
      await client.query<{ id: string }>(
        `SELECT id FROM "ReconInspectionCheck" WHERE "siteId" = $1 ORDER BY position`,
        [prepSite.id],
      )
    ).rows.map((row) => row.id);
    expect(inspectionCheckIds.length, "A's prep site has its seeded checklist").toBeGreaterThan(0);
    return {
      prepSite,
      prepJob,
      inspectionCheckIds,
      profileId,
      apiKeyId,
      trackingToken,
      deliveryId,
      notice,
      savedView,
      adminUser,
    };
  });

  const workItem = await workItemOfA(request, fromDatabase.prepJob.id, run);

  const subletItem = await subletItemOfA(request, adminA, actions, fromDatabase.prepJob.id, run);

  const displayLinkName = `Tenancy probe screen of A ${run}`;
  const link = await callServerAction(
    adminA,
    actions.get("createDisplayLinkAction")!,
    [{ name: displayLinkName, siteId: fromDatabase.prepSite.id }],
    { origin: E2E_BASE_URL },
  );
  const linkResult = (await actionResult(link)) as {
    ok: boolean;
    data: { link: { id: string }; url: string };
  } | null;
  expect(linkResult?.ok, "A's admin creates a display link").toBe(true);
  const token = new URL(linkResult!.data.url).pathname.split("/").pop()!;

  return {
    requestId: movement.id,
    vrm,
    siteIds: [sites[0]!.id, sites[1]!.id],
    trackingToken: fromDatabase.trackingToken,
    driverId: drivers[0]!.id,
    prepSite: fromDatabase.prepSite,
    prepJob: fromDatabase.prepJob,
    workItem,
    inspectionCheckIds: fromDatabase.inspectionCheckIds,
    subletItem,
    profileId: fromDatabase.profileId,
    apiKeyId: fromDatabase.apiKeyId,
    endpoint: { id: endpointId, url: endpointUrl },
    deliveryId: fromDatabase.deliveryId,
    displayLink: { id: linkResult!.data.link.id, token, name: displayLinkName },
    jobLink,
    noticeId: `tenancy-a-notice-${run}`,
    controlNoticeId: `tenancy-a-control-notice-${run}`,
    notice: fromDatabase.notice,
    savedView: fromDatabase.savedView,
    poolPlanId,
    adminUser: fromDatabase.adminUser,
    markers: [
      vrm,
      "Tenancy Probe",
      sites[0]!.name,
      sites[1]!.name,
      "WF0XXXGCDX7770001",
      movement.id,
      endpointUrl,
      fromDatabase.prepSite.name,
      fromDatabase.prepJob.vin,
      workItem.description,
      subletItem.description,
      subletItem.vendorName,
      displayLinkName,
      fromDatabase.notice,
      fromDatabase.savedView.name,
      "Northgate Motors",
      fromDatabase.trackingToken,
      A_RECIPIENT,
    ],
  };
}

/**
 * Everything of A that B's actions could change, read through A's /v1 API where it has a reader and
 * from the database where it has none. Compared before and after each of B's calls.
 */
export async function snapshotOfA(request: APIRequestContext, world: WorldA): Promise<unknown> {
  const read = async (path: string, headers: Record<string, string>) => {
    const response = await request.get(path, { headers });
    return { status: response.status(), body: (await response.json()) as unknown };
  };
  const database = await withE2eDatabase(async (client) => {
    const rows = async (sql: string, params: unknown[]) => (await client.query(sql, params)).rows;
    return {
      endpoints: await rows(
        `SELECT id, url, description, "eventTypes", enabled, "disabledAt" FROM "WebhookEndpoint"
         WHERE "profileId" = $1 ORDER BY id`,
        [world.profileId],
      ),
      secrets: await rows(`SELECT id FROM "WebhookSecret" WHERE "endpointId" = $1 ORDER BY id`, [
        world.endpoint.id,
      ]),
      deliveries: await rows(
        `SELECT id, status, "attemptCount" FROM "WebhookDelivery" WHERE "endpointId" = $1 ORDER BY id`,
        [world.endpoint.id],
      ),
      apiKeys: await rows(
        `SELECT id, name, scopes, "revokedAt" FROM "ApiKey" WHERE "profileId" = $1 ORDER BY id`,
        [world.profileId],
      ),
      // Also a link another organisation made for one of A's sites.
      displayLinks: await rows(
        `SELECT id, "organisationId", "siteId", name, "revokedAt" FROM "DisplayLink" WHERE "siteId" IN
         (SELECT id FROM "Site" WHERE "organisationId" = (SELECT "organisationId" FROM "Site" WHERE id = $1))
         ORDER BY id`,
        [world.prepSite.id],
      ),
      notice: await rows(`SELECT "readAt" FROM "Notice" WHERE id = $1`, [world.noticeId]),
      savedView: await rows(`SELECT id, name, query FROM "SavedView" WHERE id = $1`, [world.savedView.id]),
      driver: await rows(
        `SELECT "homeSiteId", "workingHours", "daysOff", "transporterLicence", "costPerHourCents"
         FROM "Driver" WHERE id = $1`,
        [world.driverId],
      ),
      poolPlan: await rows(
        `SELECT status, locks, body, "acceptedRequestIds", "updatedAt" FROM "PoolPlan" WHERE id = $1`,
        [world.poolPlanId],
      ),
      subletLinks: await rows(
        `SELECT id, "vendorId", "revokedAt" FROM "ReconSubletLink" WHERE "prepJobId" = $1 ORDER BY id`,
        [world.prepJob.id],
      ),
      subletAssignments: await rows(
        `SELECT a.* FROM "ReconSubletAssignment" a JOIN "ReconWorkItem" i ON i.id = a."workItemId"
         WHERE i."prepJobId" = $1 ORDER BY a."workItemId"`,
        [world.prepJob.id],
      ),
      workItemPhotos: await rows(
        `SELECT p.id FROM "ReconWorkItemPhoto" p JOIN "ReconWorkItem" i ON i.id = p."workItemId"
         WHERE i."prepJobId" = $1 ORDER BY p.id`,
        [world.prepJob.id],
      ),
      prepJobNotes: await rows(`SELECT id, body FROM "PrepJobNote" WHERE "prepJobId" = $1 ORDER BY id`, [
        world.prepJob.id,
      ]),
      prepSiteSettings: await rows(`SELECT * FROM "PrepSiteSettings" WHERE "siteId" = $1`, [
        world.prepSite.id,
      ]),
      reconSiteSettings: await rows(`SELECT * FROM "ReconSiteSettings" WHERE "siteId" = $1`, [
        world.prepSite.id,
      ]),
      inspectionChecks: await rows(
        `SELECT id, position, label, category FROM "ReconInspectionCheck" WHERE "siteId" = $1 ORDER BY position`,
        [world.prepSite.id],
      ),
      inspections: await rows(`SELECT id FROM "ReconInspection" WHERE "prepJobId" = $1 ORDER BY id`, [
        world.prepJob.id,
      ]),
      adminSessions: await rows(`SELECT id, "endedAt" FROM "UserSession" WHERE "userId" = $1 ORDER BY id`, [
        world.adminUser.id,
      ]),
      branding: await rows(
        `SELECT "brandLogoUrl", "brandColour" FROM "Organisation" o
         WHERE o.id = (SELECT "organisationId" FROM "User" WHERE id = $1)`,
        [world.adminUser.id],
      ),
      requestsOnAnotherOrganisationsSites: await rows(
        `SELECT count(*)::int AS count FROM "MovementRequest" r
         JOIN "Site" o ON o.id = r."originSiteId" JOIN "Site" d ON d.id = r."destinationSiteId"
         WHERE r."organisationId" <> o."organisationId" OR r."organisationId" <> d."organisationId"`,
        [],
      ),
    };
  });
  // The worker's ETA pass moves the estimated arrival on its own schedule: not an action's doing.
  const { estimatedArrival: _byTheWorker, ...requestBody } = (
    await read(`/v1/movement-requests/${world.requestId}`, integrationA())
  ).body as Record<string, unknown>;
  return {
    request: requestBody,
    prepJob: await read(`/v1/prep-jobs/${world.prepJob.id}`, integrationA()),
    workItems: await read(`/v1/prep-jobs/${world.prepJob.id}/work-items`, integrationA()),
    endpoint: await read(`/v1/webhooks/endpoints/${world.endpoint.id}`, integrationA()),
    // A's key still works (it was not revoked).
    keyWorks: (await request.get("/v1/infrastructure/sites", { headers: integrationA() })).status(),
    displayLinkWorks: (await request.get(`/display/${world.displayLink.token}/board`)).status(),
    jobLinkWorks: (await request.get(`/jobs/${world.jobLink.token}/view`)).status(),
    subletLinkWorks: (await request.get(`/sublet/${world.subletItem.token}/view`)).status(),
    ...database,
  };
}

/** The id of A's tracking e-mail once the worker has put it in the development mailbox. */
export async function sentTrackingEmailOfA(): Promise<string> {
  let id: string | undefined;
  await expect
    .poll(
      async () => {
        const rows = await withE2eDatabase(
          async (client) =>
            (
              await client.query<{ id: string }>(
                `SELECT id FROM "EmailMessage" WHERE "to" = $1 AND status = 'SENT' LIMIT 1`,
                [A_RECIPIENT],
              )
            ).rows,
        );
        id = rows[0]?.id;
        return id;
      },
      { timeout: 30_000 },
    )
    .toBeTruthy();
  return id!;
}

/** A work item of A's prep job, sent for approval (over any site's threshold, so it waits). */
async function workItemOfA(
  request: APIRequestContext,
  prepJobId: string,
  run: string,
): Promise<{ id: string; description: string }> {
  const description = `Tenancy probe work of A ${run}`;
  const created = await request.post(`/v1/prep-jobs/${prepJobId}/work-items`, {
    headers: integrationA(),
    data: {
      category: "BODY",
      description,
      estimate: [{ kind: "SUBLET", description: "Body shop", amountCents: 250_000 }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const sent = await request.post(`/v1/operations/prep-jobs/${prepJobId}/work-items/${id}/transition`, {
    headers: operationsA(),
    data: { to: "AWAITING_APPROVAL" },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  return { id, description };
}

/**
 * A work item of A approved through A's operations key, then sent to a new sublet vendor by A's admin
 * in the drawer's action: the vendor's link, whose token the walk reads from the action's answer.
 */
async function subletItemOfA(
  request: APIRequestContext,
  adminA: APIRequestContext,
  actions: Map<string, ServerAction>,
  prepJobId: string,
  run: string,
): Promise<WorldA["subletItem"]> {
  const description = `Tenancy probe sublet work of A ${run}`;
  const vendorName = `Tenancy probe vendor of A ${run}`;
  const created = await request.post(`/v1/prep-jobs/${prepJobId}/work-items`, {
    headers: integrationA(),
    data: {
      category: "SUBLET",
      description,
      estimate: [{ kind: "SUBLET", description: "Wheels", amountCents: 250_000 }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  for (const to of ["AWAITING_APPROVAL", "APPROVED"]) {
    const moved = await request.post(`/v1/operations/prep-jobs/${prepJobId}/work-items/${id}/transition`, {
      headers: operationsA(),
      data: { to },
    });
    expect(moved.status(), await moved.text()).toBe(200);
  }
  const sent = await callServerAction(
    adminA,
    actions.get("sendToSubletAction")!,
    [prepJobId, id, { vendor: { new: { name: vendorName } } }],
    { origin: E2E_BASE_URL },
  );
  const result = (await actionResult(sent)) as {
    ok: boolean;
    data: { link: { id: string; url: string } };
  } | null;
  expect(result?.ok, "A's admin sends a work item to a sublet vendor").toBe(true);
  const token = new URL(result!.data.link.url).pathname.split("/").pop()!;
  return { id, description, vendorName, linkId: result!.data.link.id, token };
}

/**
 * A job link of A: a second request offered to A's driver, and a link for that driver whose token the
 * walk knows (the offer's own link is e-mailed; its token is not kept anywhere to read back).
 */
async function jobLinkOfA(
  request: APIRequestContext,
  sites: { id: string }[],
  driverId: string,
  run: string,
): Promise<{ id: string; token: string }> {
  const created = await request.post("/v1/movement-requests/create-in-planning-pool", {
    headers: integrationA(),
    data: {
      vehicle: { vrm: "TN24 AAJ", make: "Tenancy", model: "Probe" },
      origin: { location: { type: "INTERNAL", siteId: sites[0]!.id } },
      destination: { location: { type: "INTERNAL", siteId: sites[1]!.id }, deliveryByDate: "2027-05-01" },
      businessArea: "Retail",
      transportMethod: "DRIVEN",
    },
  });
  expect(created.status()).toBe(201);
  const { id: requestId } = (await created.json()) as { id: string };
  const offered = await request.post(`/v1/operations/movement-requests/${requestId}/assign`, {
    headers: operationsA(),
    data: { offerToDriverId: driverId },
  });
  expect(offered.status()).toBe(200);
  const token = newLinkToken();
  const id = `tenancy-a-job-link-${run}`;
  await withE2eDatabase((client) =>
    client.query(
      `INSERT INTO "JobLink" (id, "organisationId", "movementRequestId", "driverId", "tokenHash", "createdBy")
       SELECT $1, "organisationId", id, $2, $3, 'tenancy-walk' FROM "MovementRequest" WHERE id = $4`,
      [id, driverId, hashLinkToken(token), requestId],
    ),
  );
  return { id, token };
}
