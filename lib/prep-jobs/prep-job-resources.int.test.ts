// POST /v1/prep-jobs/inbound-pending, GET /v1/prep-jobs/{id} and GET /v1/prep-jobs (extension):
// shapes, validation, filters, keyset pagination and tenancy.
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "@/lib/db";
import { encodeKeysetCursor } from "@/lib/http/keyset-cursor";
import { listPrepJobsResponse, prepJobSchema } from "@/lib/prep-jobs/schemas";
import { POST as inboundPendingRoute } from "@/app/v1/prep-jobs/inbound-pending/route";
import { GET as listRoute } from "@/app/v1/prep-jobs/route";
import { GET as getRoute } from "@/app/v1/prep-jobs/[id]/route";
import { prepJobState, type Body, prepJobRoutesApi } from "@/test/prep-job-api";
import { createMovementWorld, type MovementWorld } from "@/test/movement-world";
import { setupTestDatabase } from "@/test/test-database";
import {
  createApiKey,
  createOrganisation,
  createPrepJob,
  createProfile,
  createSite,
  testVin,
  type PrepJobInput,
} from "@/prisma/factories";
import { nextSequence } from "@/prisma/factories/db";
import { countRows } from "@/test/count-rows";

const { prepJobApi } = prepJobRoutesApi({
  inboundPending: inboundPendingRoute,
  list: listRoute,
  get: getRoute,
});

const database = setupTestDatabase();
let world: MovementWorld;
let otherWorld: MovementWorld;
let siblingKey: string;
let integrationEmail: string;

beforeAll(async () => {
  world = await createMovementWorld(database.prisma);
  otherWorld = await createMovementWorld(database.prisma);
  const sibling = await createProfile(database.prisma, { organisationId: world.organisation.id });
  siblingKey = (await createApiKey(database.prisma, { profileId: sibling.id, scopes: ["integration"] })).key;
  const key = await database.kysely
    .selectFrom("ApiKey")
    .select("ownerEmail")
    .where("profileId", "=", world.profile.id)
    .where(sql<boolean>`${"integration"} = any("scopes")`)
    .executeTakeFirstOrThrow();
  integrationEmail = key.ownerEmail;
});

const uniqueVin = () => testVin(900_000 + nextSequence());

function inboundBody(overrides: Record<string, unknown> = {}) {
  return {
    vin: uniqueVin().toLowerCase(),
    vrm: "te24 abc",
    make: "Ford",
    model: "Puma",
    modelVariant: "ST-Line X",
    businessArea: "Fleet",
    notes: "Bought at auction, lot 17",
    collectionLocation: { type: "INTERNAL", siteId: world.sites.manchester.id },
    ...overrides,
  };
}

describe("POST /v1/prep-jobs/inbound-pending", () => {
  it("creates a parked job: INBOUND/PENDING_MOVEMENT_REQUEST, CREATED_MANUALLY, no prep site; 201 with its body", async () => {
    const sent = inboundBody();
    const { status, body } = await prepJobApi.inboundPending(world.integrationKey, sent);
    expect(status).toBe(201);
    const stored = await database.kysely
      .selectFrom("PrepJob")
      .selectAll()
      .where("id", "=", body.id as string)
      .executeTakeFirstOrThrow();
    expect(body).toEqual({
      id: stored.id,
      vin: sent.vin.toUpperCase(),
      vrm: "te24 abc",
      make: "Ford",
      model: "Puma",
      modelVariant: "ST-Line X",
      prepSiteId: null,
      businessArea: "Fleet",
      source: "CREATED_MANUALLY",
      stage: "INBOUND",
      substage: "PENDING_MOVEMENT_REQUEST",
      notes: "Bought at auction, lot 17",
      createdByUser: integrationEmail,
      createdAt: stored.createdAt.toISOString(),
      updatedAt: stored.updatedAt.toISOString(),
    });
    expect(body.id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(body.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(prepJobSchema.parse(body)).toEqual(body);
    expect(stored).toMatchObject({
      profileId: world.profile.id,
      organisationId: world.organisation.id,
      collectionSiteId: world.sites.manchester.id,
      version: 1,
    });
  });

  it("records a prep_job.created event", async () => {
    const { body } = await prepJobApi.inboundPending(world.integrationKey, inboundBody());
    const { events, movementRequests } = await prepJobState(database.kysely, body.id as string);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: "prep_job.created",
      resourceVersion: 1,
      profileId: world.profile.id,
    });
    expect(events[0]?.payload).toMatchObject({
      stage: "INBOUND",
      substage: "PENDING_MOVEMENT_REQUEST",
      prepSiteId: null,
    });
    expect(movementRequests).toEqual([]);
  });

  it("needs only vin and businessArea; absent optional fields are absent, not null", async () => {
    const vin = uniqueVin();
    const { status, body } = await prepJobApi.inboundPending(world.integrationKey, {
      vin,
      businessArea: "Retail",
    });
    expect(status).toBe(201);
    expect(Object.keys(body).sort()).toEqual(
      [
        "id",
        "vin",
        "prepSiteId",
        "businessArea",
        "source",
        "stage",
        "substage",
        "createdByUser",
        "createdAt",
        "updatedAt",
      ].sort(),
    );
    expect(body.prepSiteId).toBeNull();
    const stored = await database.kysely
      .selectFrom("PrepJob")
      .selectAll()
      .where("id", "=", body.id as string)
      .executeTakeFirstOrThrow();
    expect(stored.collectionSiteId).toBeNull();
  });

  it("404 SITE_NOT_FOUND for an unknown or another organisation's collection site, and nothing is created", async () => {
    const before = await countRows(database.kysely, "PrepJob");
    for (const siteId of ["01J00000000000000000000000", otherWorld.sites.manchester.id]) {
      const { status, body } = await prepJobApi.inboundPending(
        world.integrationKey,
        inboundBody({ collectionLocation: { type: "INTERNAL", siteId } }),
      );
      expect(status).toBe(404);
      expect(body.code).toBe("SITE_NOT_FOUND");
    }
    expect(await countRows(database.kysely, "PrepJob")).toBe(before);
  });

  it.each([
    ["vin missing", { vin: undefined }, "VALIDATION_ERROR"],
    ["vin invalid", { vin: "IOQ123" }, "INVALID_VIN"],
    ["vrm invalid", { vrm: "NOT A PLATE 1" }, "INVALID_VRM"],
    ["businessArea missing", { businessArea: undefined }, "VALIDATION_ERROR"],
    ["businessArea unknown", { businessArea: "retail" }, "VALIDATION_ERROR"],
    ["notes too long", { notes: "n".repeat(1025) }, "VALIDATION_ERROR"],
    ["an unknown field", { colour: "red" }, "VALIDATION_ERROR"],
    ["a prep site already", { prepSiteId: "x" }, "VALIDATION_ERROR"],
    [
      "a location of an unknown type",
      { collectionLocation: { type: "ADDRESS", line1: "x" } },
      "VALIDATION_ERROR",
    ],
    ["a location without siteId", { collectionLocation: { type: "INTERNAL" } }, "VALIDATION_ERROR"],
  ])("400 for %s", async (_, overrides, code) => {
    const before = await countRows(database.kysely, "PrepJob");
    const { status, body } = await prepJobApi.inboundPending(world.integrationKey, inboundBody(overrides));
    expect(status).toBe(400);
    expect(body.code).toBe(code);
    expect(await countRows(database.kysely, "PrepJob")).toBe(before);
  });

  it("accepts notes of 1024 characters, counted as code points", async () => {
    const { status } = await prepJobApi.inboundPending(
      world.integrationKey,
      inboundBody({ notes: "🚗".repeat(1024) }),
    );
    expect(status).toBe(201);
  });

  it("403 with an operations key", async () => {
    expect((await prepJobApi.inboundPending(world.operationsKey, inboundBody())).status).toBe(403);
  });
});

describe("GET /v1/prep-jobs/{id}", () => {
  it("returns the same body as creation, with its recon summary (issue 37)", async () => {
    const created = await prepJobApi.inboundPending(world.integrationKey, inboundBody());
    const { status, body } = await prepJobApi.get(world.integrationKey, created.body.id as string);
    expect(status).toBe(200);
    expect(body).toEqual({
      ...created.body,
      recon: { items: 0, done: 0, estimatedCost: 0, actualCost: 0, currency: "GBP", waitingFor: null },
    });
  });

  it("404 PREP_JOB_NOT_FOUND for an unknown id, a malformed one, another profile's and another organisation's job", async () => {
    const created = await prepJobApi.inboundPending(world.integrationKey, inboundBody());
    const cases: [string, string][] = [
      [world.integrationKey, "01J00000000000000000000000"],
      [world.integrationKey, "not-an-id"],
      [siblingKey, created.body.id as string],
      [otherWorld.integrationKey, created.body.id as string],
    ];
    for (const [apiKey, id] of cases) {
      const { status, body } = await prepJobApi.get(apiKey, id);
      expect(status).toBe(404);
      expect(body.code).toBe("PREP_JOB_NOT_FOUND");
    }
  });
});

describe("GET /v1/prep-jobs", () => {
  // A tenant of its own, so that the list holds exactly the jobs made here.
  let tenant: { organisationId: string; profileId: string; key: string; siblingKey: string };
  let prepA: string;
  let prepB: string;
  const jobs: Awaited<ReturnType<typeof createPrepJob>>[] = [];
  const base = Date.parse("2026-03-01T08:00:00.000Z");

  beforeAll(async () => {
    const organisation = await createOrganisation(database.prisma);
    const profile = await createProfile(database.prisma, { organisationId: organisation.id });
    const sibling = await createProfile(database.prisma, { organisationId: organisation.id });
    tenant = {
      organisationId: organisation.id,
      profileId: profile.id,
      key: (await createApiKey(database.prisma, { profileId: profile.id, scopes: ["integration"] })).key,
      siblingKey: (await createApiKey(database.prisma, { profileId: sibling.id, scopes: ["integration"] }))
        .key,
    };
    prepA = (await createSite(database.prisma, { organisationId: organisation.id, isPrepSite: true })).id;
    prepB = (await createSite(database.prisma, { organisationId: organisation.id, isPrepSite: true })).id;
    const positions: Pick<PrepJobInput, "stage" | "substage" | "prepSiteId">[] = [
      { stage: "INBOUND", substage: "PENDING_MOVEMENT_REQUEST", prepSiteId: null },
      { stage: "INBOUND", substage: "SCHEDULED", prepSiteId: prepA },
      { stage: "ARRIVED", substage: null, prepSiteId: prepA },
      { stage: "APPRAISED", substage: null, prepSiteId: prepB },
      { stage: "OUTBOUND", substage: "SCHEDULED", prepSiteId: prepB },
      { stage: "OUTBOUND", substage: "DELIVERED", prepSiteId: prepA },
    ];
    // 23 jobs; each pair shares its createdAt, so the keyset's tie-break on id is exercised.
    for (let i = 0; i < 23; i += 1) {
      const createdAt = new Date(base + Math.floor(i / 2) * 60_000);
      jobs.push(
        await createPrepJob(database.prisma, {
          organisationId: tenant.organisationId,
          profileId: tenant.profileId,
          ...positions[i % positions.length],
          createdAt,
        }),
      );
    }
    // Another profile of the same organisation: never listed for tenant.key.
    await createPrepJob(database.prisma, { organisationId: tenant.organisationId, profileId: sibling.id });
  });

  const newestFirst = () =>
    [...jobs].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
  const ids = (body: Body) => (body.data as Body[]).map((job) => job.id as string);

  it("lists the profile's jobs newest first, in the prep job shape, with nextCursor null on the last page", async () => {
    const { status, body } = await prepJobApi.list(tenant.key);
    expect(status).toBe(200);
    expect(listPrepJobsResponse.parse(body)).toEqual(body);
    expect(ids(body)).toEqual(newestFirst().map((job) => job.id));
    expect(body.nextCursor).toBeNull();
  });

  it("walks every job exactly once with a cursor, in order", async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const { status, body } = await prepJobApi.list(tenant.key, { limit: "4", cursor });
      expect(status).toBe(200);
      expect((body.data as Body[]).length).toBeLessThanOrEqual(4);
      seen.push(...ids(body));
      cursor = (body.nextCursor as string | null) ?? undefined;
      pages += 1;
    } while (cursor && pages < 20);
    expect(seen).toEqual(newestFirst().map((job) => job.id));
    expect(new Set(seen).size).toBe(jobs.length);
    expect(pages).toBe(Math.ceil(jobs.length / 4));
  });

  it("keeps the walk stable while new jobs arrive", async () => {
    const first = await prepJobApi.list(tenant.key, { limit: "5" });
    const newcomer = await createPrepJob(database.prisma, {
      organisationId: tenant.organisationId,
      profileId: tenant.profileId,
      stage: "ARRIVED",
    });
    const second = await prepJobApi.list(tenant.key, { limit: "5", cursor: first.body.nextCursor as string });
    expect(ids(second.body)).toEqual(
      newestFirst()
        .slice(5, 10)
        .map((job) => job.id),
    );
    await database.kysely.deleteFrom("PrepJob").where("id", "=", newcomer.id).execute();
  });

  it("gives a null nextCursor when the last page is exactly full", async () => {
    const { body } = await prepJobApi.list(tenant.key, { limit: String(jobs.length) });
    expect(ids(body)).toHaveLength(jobs.length);
    expect(body.nextCursor).toBeNull();
  });

  it("defaults to 50 per page", async () => {
    const organisation = await createOrganisation(database.prisma);
    const profile = await createProfile(database.prisma, { organisationId: organisation.id });
    const key = (await createApiKey(database.prisma, { profileId: profile.id, scopes: ["integration"] })).key;
    for (let i = 0; i < 51; i += 1) {
      await createPrepJob(database.prisma, { organisationId: organisation.id, profileId: profile.id });
    }
    const { body } = await prepJobApi.list(key);
    expect(ids(body)).toHaveLength(50);
    expect(body.nextCursor).not.toBeNull();
    const rest = await prepJobApi.list(key, { cursor: body.nextCursor as string });
    expect(ids(rest.body)).toHaveLength(1);
    expect(rest.body.nextCursor).toBeNull();
  });

  it.each([
    ["stage", { stage: "APPRAISED" }, (job: (typeof jobs)[number]) => job.stage === "APPRAISED"],
    ["substage", { substage: "SCHEDULED" }, (job: (typeof jobs)[number]) => job.substage === "SCHEDULED"],
    [
      "stage and substage",
      { stage: "OUTBOUND", substage: "DELIVERED" },
      (job: (typeof jobs)[number]) => job.stage === "OUTBOUND" && job.substage === "DELIVERED",
    ],
  ])("filters by %s", async (_, params, keep) => {
    const { status, body } = await prepJobApi.list(tenant.key, params);
    expect(status).toBe(200);
    const expected = newestFirst().filter(keep);
    expect(expected.length).toBeGreaterThan(0);
    expect(ids(body)).toEqual(expected.map((job) => job.id));
  });

  it("filters by prepSiteId", async () => {
    const { body } = await prepJobApi.list(tenant.key, { prepSiteId: prepB });
    const expected = newestFirst().filter((job) => job.prepSiteId === prepB);
    expect(expected.length).toBeGreaterThan(0);
    expect(ids(body)).toEqual(expected.map((job) => job.id));
    expect(
      ids((await prepJobApi.list(tenant.key, { prepSiteId: "01J00000000000000000000000" })).body),
    ).toEqual([]);
  });

  it("filters by vin (upper-cased) and by vrm (exactly as stored)", async () => {
    const target = jobs[7];
    if (!target?.vrm) throw new Error("fixture");
    expect(ids((await prepJobApi.list(tenant.key, { vin: target.vin.toLowerCase() })).body)).toEqual([
      target.id,
    ]);
    expect(ids((await prepJobApi.list(tenant.key, { vrm: target.vrm })).body)).toEqual([target.id]);
    expect(ids((await prepJobApi.list(tenant.key, { vrm: target.vrm.replace(" ", "") })).body)).toEqual([]);
    expect(
      ids(
        (
          await prepJobApi.list(tenant.key, {
            vin: target.vin,
            stage: target.stage === "ARRIVED" ? "APPRAISED" : "ARRIVED",
          })
        ).body,
      ),
    ).toEqual([]);
  });

  it.each(["0", "251", "abc", "1.5", "-1", ""])("400 VALIDATION_ERROR for limit %o", async (limit) => {
    const { status, body } = await prepJobApi.list(tenant.key, { limit });
    expect(status).toBe(400);
    expect(body.code).toBe("VALIDATION_ERROR");
    expect(body.errors).toEqual([expect.objectContaining({ path: "limit" })]);
  });

  it.each([
    ["cursor", "not-a-cursor"],
    ["cursor", Buffer.from('{"t":"x","i":"y"}').toString("base64url")],
    ["stage", "PARKED"],
    ["substage", "NONE"],
    ["sort", "createdAt"],
  ])("400 VALIDATION_ERROR for %s=%o", async (name, value) => {
    const { status, body } = await prepJobApi.list(tenant.key, { [name]: value });
    expect(status).toBe(400);
    expect(body.code).toBe("VALIDATION_ERROR");
  });

  it("400 INVALID_VRM for a vrm filter that is no UK mark", async () => {
    const { status, body } = await prepJobApi.list(tenant.key, { vrm: "NOT A PLATE 1" });
    expect(status).toBe(400);
    expect(body.code).toBe("INVALID_VRM");
  });

  it("shows another profile's and another organisation's keys none of these jobs", async () => {
    const sibling = await prepJobApi.list(tenant.siblingKey);
    expect(ids(sibling.body)).toHaveLength(1);
    expect(ids(sibling.body).some((id) => jobs.some((job) => job.id === id))).toBe(false);
    const other = await prepJobApi.list(otherWorld.integrationKey, { vin: jobs[0]?.vin });
    expect(other.body).toEqual({ data: [], nextCursor: null });
    // A cursor made from this tenant's job leads another profile nowhere it should not go.
    const last = newestFirst()[3];
    if (!last) throw new Error("fixture");
    const leaked = await prepJobApi.list(tenant.siblingKey, {
      cursor: encodeKeysetCursor({ at: last.createdAt, id: last.id }),
    });
    expect(ids(leaked.body).some((id) => jobs.some((job) => job.id === id))).toBe(false);
  });
});
