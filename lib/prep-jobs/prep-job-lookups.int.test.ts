// PATCH /v1/prep-jobs/appraised and /v1/prep-jobs/pending-movement-request: the lookup rules (vin or
// vrm, vin wins without fallback, exact vrm, newest unfinished job), the stage rules and their
// refusals, and tenancy.
import { beforeAll, describe, expect, it } from "vitest";
import { prepJobSchema } from "@/lib/prep-jobs/schemas";
import { PATCH as appraisedRoute } from "@/app/v1/prep-jobs/appraised/route";
import { PATCH as pendingMovementRequestRoute } from "@/app/v1/prep-jobs/pending-movement-request/route";
import { POST as createInPoolRoute } from "@/app/v1/movement-requests/create-in-planning-pool/route";
import { POST as cancelRoute } from "@/app/v1/movement-requests/[requestId]/cancel/route";
import { movementBody, prepJobState, prepJobRoutesApi } from "@/test/prep-job-api";
import { createMovementWorld, type MovementWorld } from "@/test/movement-world";
import { setupTestDatabase } from "@/test/test-database";
import { nextSequence } from "@/prisma/factories/db";
import { createApiKey, createPrepJob, createProfile, testVin, type PrepJobInput } from "@/prisma/factories";

const { movementRequestApi, prepJobApi } = prepJobRoutesApi({
  appraised: appraisedRoute,
  pendingMovementRequest: pendingMovementRequestRoute,
  createInPool: createInPoolRoute,
  cancel: cancelRoute,
});

const database = setupTestDatabase();
let world: MovementWorld;
let otherWorld: MovementWorld;
/** A second profile of world's organisation. */
let siblingKey: string;

beforeAll(async () => {
  world = await createMovementWorld(database.prisma);
  otherWorld = await createMovementWorld(database.prisma);
  const sibling = await createProfile(database.prisma, { organisationId: world.organisation.id });
  siblingKey = (await createApiKey(database.prisma, { profileId: sibling.id, scopes: ["integration"] })).key;
});

function jobOf(target: MovementWorld, input: Partial<PrepJobInput> = {}) {
  return createPrepJob(database.prisma, {
    organisationId: target.organisation.id,
    profileId: target.profile.id,
    prepSiteId: target.sites.prepCentre.id,
    stage: "ARRIVED",
    ...input,
  });
}

/** A VIN no other test uses. */
const uniqueVin = () => testVin(900_000 + nextSequence());

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe.each([
  ["appraised", prepJobApi.appraised],
  ["pending-movement-request", prepJobApi.pendingMovementRequest],
] as const)("lookup rules of PATCH /v1/prep-jobs/%s", (_, call) => {
  it("finds the job by vin", async () => {
    const job = await jobOf(world);
    const { status, body } = await call(world.integrationKey, { vin: job.vin });
    expect(status).toBe(200);
    expect(body.id).toBe(job.id);
  });

  it("finds the job by vrm", async () => {
    const job = await jobOf(world);
    const { status, body } = await call(world.integrationKey, { vrm: job.vrm ?? undefined });
    expect(status).toBe(200);
    expect(body.id).toBe(job.id);
  });

  it("upper-cases the vin before matching", async () => {
    const job = await jobOf(world);
    const { status, body } = await call(world.integrationKey, { vin: job.vin.toLowerCase() });
    expect(status).toBe(200);
    expect(body.id).toBe(job.id);
  });

  it("uses the vin when both are given: vin of job X and vrm of job Y find X, and Y is untouched", async () => {
    const x = await jobOf(world);
    const y = await jobOf(world);
    const { status, body } = await call(world.integrationKey, { vin: x.vin, vrm: y.vrm ?? undefined });
    expect(status).toBe(200);
    expect(body.id).toBe(x.id);
    expect((await prepJobState(database.kysely, y.id)).job).toEqual(y);
  });

  it("does not fall back to the vrm when the vin matches nothing: 404, and the vrm's job is untouched", async () => {
    const y = await jobOf(world);
    const { status, body } = await call(world.integrationKey, {
      vin: uniqueVin(),
      vrm: y.vrm ?? undefined,
    });
    expect(status).toBe(404);
    expect(body.code).toBe("PREP_JOB_NOT_FOUND");
    expect((await prepJobState(database.kysely, y.id)).job).toEqual(y);
  });

  it("matches the vrm exactly: a difference in spacing or case is a 404", async () => {
    const job = await jobOf(world, { vrm: "TE99 SPC" });
    for (const vrm of ["TE99SPC", "te99 spc"]) {
      const { status, body } = await call(world.integrationKey, { vrm });
      expect(status, vrm).toBe(404);
      expect(body.code).toBe("PREP_JOB_NOT_FOUND");
    }
    expect((await prepJobState(database.kysely, job.id)).job).toEqual(job);
  });

  it("400 VALIDATION_ERROR with neither vin nor vrm, or an empty one", async () => {
    for (const params of [{}, { vin: "" }, { vrm: "" }]) {
      const { status, body, response } = await call(world.integrationKey, params);
      expect(status).toBe(400);
      expect(body.code).toBe("VALIDATION_ERROR");
      expect(response.headers.get("content-type")).toBe("application/problem+json");
    }
  });

  it("400 VALIDATION_ERROR for an unknown or repeated query parameter", async () => {
    const job = await jobOf(world);
    expect((await call(world.integrationKey, { vin: job.vin, registration: "x" })).status).toBe(400);
  });

  it("400 INVALID_VRM for a vrm that is no UK registration mark", async () => {
    const { status, body } = await call(world.integrationKey, { vrm: "NOT A PLATE 1" });
    expect(status).toBe(400);
    expect(body.code).toBe("INVALID_VRM");
  });

  it("looks an impossible vin up rather than refusing it: 404", async () => {
    const { status, body } = await call(world.integrationKey, { vin: "IOQ-NOT-A-VIN" });
    expect(status).toBe(404);
    expect(body.code).toBe("PREP_JOB_NOT_FOUND");
  });

  it("prefers the newest unfinished job of a vehicle prepared more than once", async () => {
    const vin = uniqueVin();
    const older = await jobOf(world, { vin, stage: "ARRIVED", createdAt: ago(30) });
    await jobOf(world, { vin, stage: "OUTBOUND", substage: "DELIVERED", createdAt: ago(20) });
    const { body } = await call(world.integrationKey, { vin });
    expect(body.id).toBe(older.id);
    const newest = await jobOf(world, { vin, stage: "APPRAISED", createdAt: ago(10) });
    expect((await call(world.integrationKey, { vin })).body.id).toBe(newest.id);
  });

  it("takes the newest job when all of them are finished", async () => {
    const vin = uniqueVin();
    await jobOf(world, { vin, stage: "OUTBOUND", substage: "DELIVERED", createdAt: ago(30) });
    const newest = await jobOf(world, { vin, stage: "OUTBOUND", substage: "DELIVERED", createdAt: ago(20) });
    const { status, body } = await call(world.integrationKey, { vin });
    expect(status).toBe(200);
    expect(body.id).toBe(newest.id);
  });

  it("404 for another profile's or another organisation's job, which stays untouched", async () => {
    const job = await jobOf(world);
    for (const apiKey of [siblingKey, otherWorld.integrationKey]) {
      for (const params of [{ vin: job.vin }, { vrm: job.vrm ?? undefined }]) {
        const { status, body } = await call(apiKey, params);
        expect(status).toBe(404);
        expect(body.code).toBe("PREP_JOB_NOT_FOUND");
      }
    }
    expect((await prepJobState(database.kysely, job.id)).job).toEqual(job);
  });

  it("401 without a key, 403 with an operations key", async () => {
    const job = await jobOf(world);
    expect((await call("", { vin: job.vin })).status).toBe(401);
    const forbidden = await call(world.operationsKey, { vin: job.vin });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.code).toBe("FORBIDDEN");
  });
});

describe("PATCH /v1/prep-jobs/appraised", () => {
  it("moves the job to APPRAISED and returns the prep job body", async () => {
    const job = await jobOf(world, {
      vrm: "TE98 BDY",
      notes: "Scratch on the bonnet",
      modelVariant: "ST-Line",
    });
    const { status, body } = await prepJobApi.appraised(world.integrationKey, { vin: job.vin });
    expect(status).toBe(200);
    const stored = (await prepJobState(database.kysely, job.id)).job;
    expect(body).toEqual({
      id: job.id,
      vin: job.vin,
      vrm: "TE98 BDY",
      make: "Ford",
      model: "Focus",
      modelVariant: "ST-Line",
      prepSiteId: world.sites.prepCentre.id,
      businessArea: "Retail",
      source: "CREATED_MANUALLY",
      stage: "APPRAISED",
      notes: "Scratch on the bonnet",
      createdByUser: "staff@example.test",
      createdAt: job.createdAt.toISOString(),
      updatedAt: stored.updatedAt.toISOString(),
    });
    expect(body.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(prepJobSchema.parse(body)).toEqual(body);
    expect(body).not.toHaveProperty("substage");
  });

  it("writes the change with a new version and a stage_changed event", async () => {
    const job = await jobOf(world);
    await prepJobApi.appraised(world.integrationKey, { vin: job.vin });
    const { job: stored, events } = await prepJobState(database.kysely, job.id);
    expect(stored).toMatchObject({ stage: "APPRAISED", substage: null, version: job.version + 1 });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: "prep_job.stage_changed", resourceVersion: stored.version });
    expect(events[0]?.payload).toMatchObject({
      trigger: "markAppraised",
      from: { stage: "ARRIVED", substage: null },
      stage: "APPRAISED",
    });
  });

  it.each([
    ["INBOUND", "PENDING_MOVEMENT_REQUEST"],
    ["INBOUND", "SCHEDULED"],
    ["ARRIVED", null],
    ["OUTBOUND", "PENDING_MOVEMENT_REQUEST"],
    ["OUTBOUND", "SCHEDULED"],
  ] as const)("moves a job from %s/%s (any position)", async (stage, substage) => {
    const job = await jobOf(world, { stage, substage });
    const { status, body } = await prepJobApi.appraised(world.integrationKey, { vin: job.vin });
    expect(status).toBe(200);
    expect(body.stage).toBe("APPRAISED");
    expect(body).not.toHaveProperty("substage");
  });

  it("changes nothing when the job is already APPRAISED: 200, same version, no event", async () => {
    const job = await jobOf(world, { stage: "APPRAISED" });
    const { status, body } = await prepJobApi.appraised(world.integrationKey, { vin: job.vin });
    expect(status).toBe(200);
    expect(body.updatedAt).toBe(job.updatedAt.toISOString());
    const { job: stored, events } = await prepJobState(database.kysely, job.id);
    expect(stored).toEqual(job);
    expect(events).toHaveLength(0);
  });
});

describe("PATCH /v1/prep-jobs/pending-movement-request", () => {
  it("moves a prepared job to OUTBOUND/PENDING_MOVEMENT_REQUEST with a new version and an event", async () => {
    const job = await jobOf(world, { stage: "APPRAISED" });
    const { status, body } = await prepJobApi.pendingMovementRequest(world.integrationKey, {
      vrm: job.vrm ?? "",
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: job.id, stage: "OUTBOUND", substage: "PENDING_MOVEMENT_REQUEST" });
    expect(prepJobSchema.parse(body)).toEqual(body);
    const { job: stored, events } = await prepJobState(database.kysely, job.id);
    expect(stored.version).toBe(job.version + 1);
    expect(events.map((event) => event.type)).toEqual(["prep_job.stage_changed"]);
    expect(events[0]?.payload).toMatchObject({ trigger: "awaitOutboundMovement" });
  });

  it("is idempotent: repeated while awaiting, 200 with no effect (same version and updatedAt, no event)", async () => {
    const job = await jobOf(world, { stage: "APPRAISED" });
    const first = await prepJobApi.pendingMovementRequest(world.integrationKey, { vin: job.vin });
    const afterFirst = await prepJobState(database.kysely, job.id);
    const second = await prepJobApi.pendingMovementRequest(world.integrationKey, { vin: job.vin });
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    const afterSecond = await prepJobState(database.kysely, job.id);
    expect(afterSecond.job.version).toBe(afterFirst.job.version);
    expect(afterSecond.job.updatedAt).toEqual(afterFirst.job.updatedAt);
    expect(afterSecond.events).toHaveLength(afterFirst.events.length);
  });

  it("serialises concurrent calls: both 200, one change", async () => {
    const job = await jobOf(world, { stage: "APPRAISED" });
    const answers = await Promise.all(
      [1, 2, 3].map(() => prepJobApi.pendingMovementRequest(world.integrationKey, { vin: job.vin })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const { job: stored, events } = await prepJobState(database.kysely, job.id);
    expect(stored.version).toBe(job.version + 1);
    expect(events).toHaveLength(1);
  });

  it("the outbound movement moves the job on by itself; then 400 MOVEMENT_ALREADY_EXISTS and nothing changes", async () => {
    const job = await jobOf(world, { stage: "APPRAISED" });
    await prepJobApi.pendingMovementRequest(world.integrationKey, { vin: job.vin });

    // The specification's automatic rule: an outbound movement from the prep site schedules the job.
    const created = await movementRequestApi.createInPool(
      world.integrationKey,
      movementBody({ vin: job.vin }, world.sites.prepCentre.id, world.sites.leeds.id),
    );
    expect(created.status).toBe(201);
    const scheduled = await prepJobState(database.kysely, job.id);
    expect(scheduled.job).toMatchObject({ stage: "OUTBOUND", substage: "SCHEDULED" });
    expect(scheduled.movementRequests.map((request) => [request.id, request.prepJobDirection])).toEqual([
      [created.body.id, "OUTBOUND"],
    ]);
    expect(scheduled.events.at(-1)?.payload).toMatchObject({ trigger: "outboundMovementCreated" });

    const refused = await prepJobApi.pendingMovementRequest(world.integrationKey, { vin: job.vin });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("MOVEMENT_ALREADY_EXISTS");
    expect(refused.response.headers.get("content-type")).toBe("application/problem+json");
    expect(await prepJobState(database.kysely, job.id)).toEqual(scheduled);
  });

  it("400 MOVEMENT_ALREADY_EXISTS from any stage while an outbound movement is live (even after a re-appraisal)", async () => {
    const job = await jobOf(world, { stage: "APPRAISED" });
    await movementRequestApi.createInPool(
      world.integrationKey,
      movementBody({ vin: job.vin }, world.sites.prepCentre.id, world.sites.leeds.id),
    );
    expect((await prepJobApi.appraised(world.integrationKey, { vin: job.vin })).body.stage).toBe("APPRAISED");
    const before = await prepJobState(database.kysely, job.id);
    const refused = await prepJobApi.pendingMovementRequest(world.integrationKey, { vin: job.vin });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("MOVEMENT_ALREADY_EXISTS");
    expect(await prepJobState(database.kysely, job.id)).toEqual(before);
  });

  it("a cancelled outbound movement no longer counts: the job waits again and the call is accepted", async () => {
    const job = await jobOf(world, { stage: "APPRAISED" });
    const created = await movementRequestApi.createInPool(
      world.integrationKey,
      movementBody({ vin: job.vin }, world.sites.prepCentre.id, world.sites.leeds.id),
    );
    expect((await movementRequestApi.cancel(world.integrationKey, created.body.id as string)).status).toBe(
      200,
    );
    const calledOff = await prepJobState(database.kysely, job.id);
    expect(calledOff.job).toMatchObject({ stage: "OUTBOUND", substage: "PENDING_MOVEMENT_REQUEST" });

    const { status, body } = await prepJobApi.pendingMovementRequest(world.integrationKey, { vin: job.vin });
    expect(status).toBe(200);
    expect(body).toMatchObject({ stage: "OUTBOUND", substage: "PENDING_MOVEMENT_REQUEST" });
    expect((await prepJobState(database.kysely, job.id)).job.version).toBe(calledOff.job.version);
  });

  it("an inbound movement is not an outbound one: an arrived job with its inbound request may wait", async () => {
    const vin = uniqueVin();
    await movementRequestApi.createInPool(
      world.integrationKey,
      movementBody({ vin }, world.sites.manchester.id, world.sites.prepCentre.id),
    );
    const { status, body } = await prepJobApi.pendingMovementRequest(world.integrationKey, { vin });
    expect(status).toBe(200);
    expect(body).toMatchObject({ stage: "OUTBOUND", substage: "PENDING_MOVEMENT_REQUEST" });
  });
});
