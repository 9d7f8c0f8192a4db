// How movement requests create and schedule prep jobs (the automatic rules), and the operations API:
// POST /v1/operations/prep-jobs/{id}/assign-site and /move, with the domain function the kanban uses.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { sql } from "@/lib/db";
import { movePrepJob } from "@/lib/prep-jobs/move-prep-job";
import { prepJobSchema } from "@/lib/prep-jobs/schemas";
import { PATCH as appraisedRoute } from "@/app/v1/prep-jobs/appraised/route";
import { POST as inboundPendingRoute } from "@/app/v1/prep-jobs/inbound-pending/route";
import { POST as assignSiteRoute } from "@/app/v1/operations/prep-jobs/[id]/assign-site/route";
import { POST as moveRoute } from "@/app/v1/operations/prep-jobs/[id]/move/route";
import { POST as createInPoolRoute } from "@/app/v1/movement-requests/create-in-planning-pool/route";
import { movementBody, prepJobState, prepJobRoutesApi } from "@/test/prep-job-api";
import { createMovementWorld, type MovementWorld } from "@/test/movement-world";
import { setupTestDatabase } from "@/test/test-database";
import { AppError } from "@/lib/errors/app-error";
import { createApiKey, createPrepJob, createProfile, testVin, type PrepJobInput } from "@/prisma/factories";
import { nextSequence } from "@/prisma/factories/db";
import { countRows } from "@/test/count-rows";

const { movementRequestApi, prepJobApi } = prepJobRoutesApi({
  appraised: appraisedRoute,
  inboundPending: inboundPendingRoute,
  assignSite: assignSiteRoute,
  move: moveRoute,
  createInPool: createInPoolRoute,
});

const database = setupTestDatabase();
let world: MovementWorld;
let otherWorld: MovementWorld;
let siblingOperationsKey: string;
let siblingProfileId: string;
let operationsEmail: string;

beforeAll(async () => {
  world = await createMovementWorld(database.prisma);
  otherWorld = await createMovementWorld(database.prisma);
  const sibling = await createProfile(database.prisma, { organisationId: world.organisation.id });
  siblingProfileId = sibling.id;
  siblingOperationsKey = (
    await createApiKey(database.prisma, { profileId: sibling.id, scopes: ["operations"] })
  ).key;
  const key = await database.kysely
    .selectFrom("ApiKey")
    .select("ownerEmail")
    .where("profileId", "=", world.profile.id)
    .where(sql<boolean>`${"operations"} = any("scopes")`)
    .executeTakeFirstOrThrow();
  operationsEmail = key.ownerEmail;
});

afterEach(() => {
  vi.useRealTimers();
});

const uniqueVin = () => testVin(900_000 + nextSequence());

function jobOf(target: MovementWorld, input: Partial<PrepJobInput> = {}) {
  return createPrepJob(database.prisma, {
    organisationId: target.organisation.id,
    profileId: target.profile.id,
    prepSiteId: target.sites.prepCentre.id,
    stage: "ARRIVED",
    ...input,
  });
}

/** A parked job made through the API, standing at Manchester unless told otherwise. */
async function parkedJob(overrides: Record<string, unknown> = {}) {
  const { status, body } = await prepJobApi.inboundPending(world.integrationKey, {
    vin: uniqueVin(),
    vrm: "TE24 PRK",
    make: "Kia",
    model: "Niro",
    businessArea: "Fleet",
    collectionLocation: { type: "INTERNAL", siteId: world.sites.manchester.id },
    ...overrides,
  });
  expect(status).toBe(201);
  return body;
}

describe("movement requests and prep jobs (automatic rules)", () => {
  it("a movement request to a prep site creates a CREATED_VMR job, INBOUND/SCHEDULED at that site, linked", async () => {
    const vin = uniqueVin();
    const created = await movementRequestApi.createInPool(world.integrationKey, {
      ...movementBody({ vin, vrm: "TE24 VMR" }, world.sites.manchester.id, world.sites.prepCentre.id),
    });
    expect(created.status).toBe(201);
    const jobs = await database.kysely.selectFrom("PrepJob").selectAll().where("vin", "=", vin).execute();
    expect(jobs).toHaveLength(1);
    const job = jobs[0];
    expect(job).toMatchObject({
      source: "CREATED_VMR",
      stage: "INBOUND",
      substage: "SCHEDULED",
      prepSiteId: world.sites.prepCentre.id,
      vrm: "TE24 VMR",
      profileId: world.profile.id,
    });
    const request = await database.kysely
      .selectFrom("MovementRequest")
      .selectAll()
      .where("id", "=", created.body.id)
      .executeTakeFirstOrThrow();
    expect(request).toMatchObject({ prepJobId: job?.id, prepJobDirection: "INBOUND" });
  });

  it("a movement request to a prep site schedules the vehicle's parked job instead of creating one", async () => {
    const parked = await parkedJob();
    const created = await movementRequestApi.createInPool(
      world.integrationKey,
      movementBody({ vin: parked.vin }, world.sites.leeds.id, world.sites.prepCentre.id),
    );
    expect(created.status).toBe(201);
    expect(await countRows(database.kysely, "PrepJob", (query) => query.where("vin", "=", parked.vin))).toBe(
      1,
    );
    const { job, movementRequests, events } = await prepJobState(database.kysely, parked.id);
    expect(job).toMatchObject({
      stage: "INBOUND",
      substage: "SCHEDULED",
      prepSiteId: world.sites.prepCentre.id,
    });
    expect(movementRequests.map((request) => [request.id, request.prepJobDirection])).toEqual([
      [created.body.id, "INBOUND"],
    ]);
    expect(events.map((event) => event.type)).toEqual(["prep_job.created", "prep_job.stage_changed"]);
  });

  it("a movement request away from the prep site schedules a job awaiting it (OUTBOUND/PENDING → OUTBOUND/SCHEDULED)", async () => {
    const job = await jobOf(world, { stage: "OUTBOUND", substage: "PENDING_MOVEMENT_REQUEST" });
    const created = await movementRequestApi.createInPool(
      world.integrationKey,
      movementBody({ vin: job.vin }, world.sites.prepCentre.id, world.sites.leeds.id),
    );
    const state = await prepJobState(database.kysely, job.id);
    expect(state.job).toMatchObject({ stage: "OUTBOUND", substage: "SCHEDULED", version: job.version + 1 });
    expect(state.movementRequests.map((request) => [request.id, request.prepJobDirection])).toEqual([
      [created.body.id, "OUTBOUND"],
    ]);
  });
});

describe("POST /v1/operations/prep-jobs/{id}/assign-site", () => {
  it("gives a parked job its prep site and exactly one inbound movement request in the pool", async () => {
    const parked = await parkedJob();
    const { status, body } = await prepJobApi.assignSite(world.operationsKey, parked.id, {
      prepSiteId: world.sites.prepCentre.id,
    });
    expect(status).toBe(200);
    expect(prepJobSchema.parse(body)).toEqual(body);
    expect(body).toMatchObject({
      id: parked.id,
      stage: "INBOUND",
      substage: "SCHEDULED",
      prepSiteId: world.sites.prepCentre.id,
      source: "CREATED_MANUALLY",
    });

    const requests = await database.kysely
      .selectFrom("MovementRequest")
      .selectAll()
      .where("vin", "=", parked.vin)
      .execute();
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      status: "CREATED",
      originSiteId: world.sites.manchester.id,
      destinationSiteId: world.sites.prepCentre.id,
      prepJobId: parked.id,
      prepJobDirection: "INBOUND",
      vrm: "TE24 PRK",
      make: "Kia",
      model: "Niro",
      businessArea: "Fleet",
      transportMethod: "DRIVEN",
      profileId: world.profile.id,
      createdBy: operationsEmail,
    });
    expect(await countRows(database.kysely, "PrepJob", (query) => query.where("vin", "=", parked.vin))).toBe(
      1,
    );

    // One stage change: one new version, one stage_changed event, by the rule inboundMovementCreated.
    const { job, events } = await prepJobState(database.kysely, parked.id);
    expect(job.version).toBe(2);
    expect(events.map((event) => event.type)).toEqual(["prep_job.created", "prep_job.stage_changed"]);
    expect(events[1]?.payload).toMatchObject({
      trigger: "inboundMovementCreated",
      prepSiteId: world.sites.prepCentre.id,
      from: { stage: "INBOUND", substage: "PENDING_MOVEMENT_REQUEST" },
    });
    const requestEvents = await database.kysely
      .selectFrom("Event")
      .selectAll()
      .where("resourceId", "=", requests[0]!.id)
      .where("type", "=", "movement_request.created")
      .execute();
    expect(requestEvents).toHaveLength(1);
  });

  it("delivers by today at the collection site + 3 days, unless deliveryByDate and transportMethod are given", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-06-15T23:30:00Z") }); // 00:30 on the 16th in Manchester
    const byDefault = await parkedJob();
    await prepJobApi.assignSite(world.operationsKey, byDefault.id, { prepSiteId: world.sites.prepCentre.id });
    const defaulted = await database.kysely
      .selectFrom("MovementRequest")
      .selectAll()
      .where("prepJobId", "=", byDefault.id)
      .executeTakeFirstOrThrow();
    expect(defaulted.readyToCollectFromDate.toISOString().slice(0, 10)).toBe("2026-06-16");
    expect(defaulted.deliveryByDate.toISOString().slice(0, 10)).toBe("2026-06-19");

    const chosen = await parkedJob();
    const { status } = await prepJobApi.assignSite(world.operationsKey, chosen.id, {
      prepSiteId: world.sites.prepCentre.id,
      deliveryByDate: "2026-07-01",
      transportMethod: "TRANSPORTED",
    });
    expect(status).toBe(200);
    const given = await database.kysely
      .selectFrom("MovementRequest")
      .selectAll()
      .where("prepJobId", "=", chosen.id)
      .executeTakeFirstOrThrow();
    expect(given.deliveryByDate.toISOString().slice(0, 10)).toBe("2026-07-01");
    expect(given.transportMethod).toBe("TRANSPORTED");
  });

  async function expectUnchanged(
    id: string,
    run: () => Promise<{ status: number; body: Record<string, unknown> }>,
  ) {
    const before = await prepJobState(database.kysely, id);
    const requestsBefore = await countRows(database.kysely, "MovementRequest");
    const result = await run();
    expect(await prepJobState(database.kysely, id)).toEqual(before);
    expect(await countRows(database.kysely, "MovementRequest")).toBe(requestsBefore);
    return result;
  }

  it("409 INVALID_STATUS_TRANSITION for a job that is not parked, and nothing changes", async () => {
    const parked = await parkedJob();
    await prepJobApi.assignSite(world.operationsKey, parked.id, { prepSiteId: world.sites.prepCentre.id });
    const jobs = [
      parked.id, // assigned already: INBOUND/SCHEDULED with a site
      (await jobOf(world, { stage: "ARRIVED" })).id,
      // Waiting for a new inbound movement after one was called off: it has its site already.
      (
        await jobOf(world, {
          stage: "INBOUND",
          substage: "PENDING_MOVEMENT_REQUEST",
          collectionSiteId: world.sites.leeds.id,
        })
      ).id,
    ];
    for (const id of jobs) {
      const { status, body } = await expectUnchanged(id, () =>
        prepJobApi.assignSite(world.operationsKey, id, { prepSiteId: world.sites.prepCentre.id }),
      );
      expect(status).toBe(409);
      expect(body.code).toBe("INVALID_STATUS_TRANSITION");
    }
  });

  it("404 SITE_NOT_FOUND for an unknown or another organisation's site", async () => {
    const parked = await parkedJob();
    for (const prepSiteId of ["01J00000000000000000000000", otherWorld.sites.prepCentre.id]) {
      const { status, body } = await expectUnchanged(parked.id, () =>
        prepJobApi.assignSite(world.operationsKey, parked.id, { prepSiteId }),
      );
      expect(status).toBe(404);
      expect(body.code).toBe("SITE_NOT_FOUND");
    }
  });

  it("400 VALIDATION_ERROR for a site that is not a prep site", async () => {
    const parked = await parkedJob();
    const { status, body } = await expectUnchanged(parked.id, () =>
      prepJobApi.assignSite(world.operationsKey, parked.id, { prepSiteId: world.sites.leeds.id }),
    );
    expect(status).toBe(400);
    expect(body.code).toBe("VALIDATION_ERROR");
    expect(body.message).toContain("not a prep site");
    expect(body.errors).toEqual([expect.objectContaining({ path: "prepSiteId" })]);
  });

  it("400 VALIDATION_ERROR for a job without a collection location, or one standing at the prep site already", async () => {
    const nowhere = await parkedJob({ collectionLocation: undefined });
    const missing = await expectUnchanged(nowhere.id, () =>
      prepJobApi.assignSite(world.operationsKey, nowhere.id, { prepSiteId: world.sites.prepCentre.id }),
    );
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe("VALIDATION_ERROR");
    expect(missing.body.message).toContain("no collection location");

    const there = await parkedJob({
      collectionLocation: { type: "INTERNAL", siteId: world.sites.prepCentre.id },
    });
    const same = await expectUnchanged(there.id, () =>
      prepJobApi.assignSite(world.operationsKey, there.id, { prepSiteId: world.sites.prepCentre.id }),
    );
    expect(same.status).toBe(400);
    expect(same.body.code).toBe("VALIDATION_ERROR");
  });

  it("409 and nothing kept when a newer open job of the same VIN would take the movement", async () => {
    const parked = await parkedJob();
    const newer = await jobOf(world, {
      vin: parked.vin as string,
      stage: "INBOUND",
      substage: null,
      prepSiteId: null,
    });
    const newerBefore = await prepJobState(database.kysely, newer.id);
    const { status, body } = await expectUnchanged(parked.id, () =>
      prepJobApi.assignSite(world.operationsKey, parked.id, { prepSiteId: world.sites.prepCentre.id }),
    );
    expect(status).toBe(409);
    expect(body.code).toBe("INVALID_STATUS_TRANSITION");
    expect(await prepJobState(database.kysely, newer.id)).toEqual(newerBefore);
  });

  it("400 for a body that fails its schema", async () => {
    const parked = await parkedJob();
    for (const body of [
      {},
      { prepSiteId: world.sites.prepCentre.id, deliveryByDate: "2026-02-30" },
      { prepSiteId: world.sites.prepCentre.id, transportMethod: "FLOWN" },
      { prepSiteId: world.sites.prepCentre.id, extra: 1 },
    ]) {
      const answer = await prepJobApi.assignSite(world.operationsKey, parked.id, body);
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe("VALIDATION_ERROR");
    }
  });

  it("404 PREP_JOB_NOT_FOUND for another profile's or an unknown job; 403 with an integration key", async () => {
    const parked = await parkedJob();
    for (const [apiKey, id] of [
      [siblingOperationsKey, parked.id],
      [otherWorld.operationsKey, parked.id],
      [world.operationsKey, "01J00000000000000000000000"],
    ] as const) {
      const { status, body } = await expectUnchanged(parked.id, () =>
        prepJobApi.assignSite(apiKey, id, { prepSiteId: world.sites.prepCentre.id }),
      );
      expect(status).toBe(404);
      expect(body.code).toBe("PREP_JOB_NOT_FOUND");
    }
    const forbidden = await prepJobApi.assignSite(world.integrationKey, parked.id, {
      prepSiteId: world.sites.prepCentre.id,
    });
    expect(forbidden.status).toBe(403);
  });
});

describe("POST /v1/operations/prep-jobs/{id}/move", () => {
  it("makes the kanban's moves: check in, appraise, finish, reopen, undo", async () => {
    const job = await jobOf(world, { stage: "INBOUND", substage: "SCHEDULED" });
    const steps = [
      [{ stage: "ARRIVED" }, "checkIn"],
      [{ stage: "APPRAISED" }, "appraise"],
      [{ stage: "OUTBOUND", substage: "PENDING_MOVEMENT_REQUEST" }, "finishPreparation"],
      [{ stage: "APPRAISED" }, "reopenPreparation"],
      [{ stage: "ARRIVED" }, "undoAppraisal"],
    ] as const;
    for (const [index, [target, trigger]] of steps.entries()) {
      const { status, body } = await prepJobApi.move(world.operationsKey, job.id, target);
      expect(status, trigger).toBe(200);
      expect(prepJobSchema.parse(body)).toEqual(body);
      expect(body).toMatchObject({ id: job.id, stage: target.stage });
      expect(body.substage).toBe("substage" in target ? target.substage : undefined);
      const { job: stored, events } = await prepJobState(database.kysely, job.id);
      expect(stored.version).toBe(job.version + index + 1);
      expect(events.at(-1)?.payload).toMatchObject({ trigger, actor: expect.stringMatching(/^api-key:/) });
    }
  });

  it.each([
    [{ stage: "INBOUND", substage: "PENDING_MOVEMENT_REQUEST" }, { stage: "ARRIVED" }],
    [{ stage: "INBOUND", substage: "SCHEDULED" }, { stage: "APPRAISED" }],
    [{ stage: "ARRIVED" }, { stage: "OUTBOUND", substage: "PENDING_MOVEMENT_REQUEST" }],
    [
      { stage: "OUTBOUND", substage: "PENDING_MOVEMENT_REQUEST" },
      { stage: "OUTBOUND", substage: "SCHEDULED" },
    ],
    [
      { stage: "OUTBOUND", substage: "SCHEDULED" },
      { stage: "OUTBOUND", substage: "DELIVERED" },
    ],
    [{ stage: "OUTBOUND", substage: "DELIVERED" }, { stage: "APPRAISED" }],
    [{ stage: "APPRAISED" }, { stage: "APPRAISED" }],
    [{ stage: "APPRAISED" }, { stage: "OUTBOUND" }],
  ] as const)("409 INVALID_STATUS_TRANSITION from %o to %o, and nothing changes", async (from, target) => {
    const job = await jobOf(world, {
      stage: from.stage,
      substage: "substage" in from ? from.substage : null,
    });
    const before = await prepJobState(database.kysely, job.id);
    const { status, body } = await prepJobApi.move(world.operationsKey, job.id, target);
    expect(status).toBe(409);
    expect(body.code).toBe("INVALID_STATUS_TRANSITION");
    expect(await prepJobState(database.kysely, job.id)).toEqual(before);
  });

  it("400 MOVEMENT_ALREADY_EXISTS when moving to OUTBOUND/PENDING_MOVEMENT_REQUEST with a live outbound movement", async () => {
    const job = await jobOf(world, { stage: "APPRAISED" });
    await movementRequestApi.createInPool(
      world.integrationKey,
      movementBody({ vin: job.vin }, world.sites.prepCentre.id, world.sites.leeds.id),
    );
    // Re-appraised after the movement was created (PATCH appraised moves from any position).
    expect((await prepJobApi.appraised(world.integrationKey, { vin: job.vin })).body.stage).toBe("APPRAISED");
    const before = await prepJobState(database.kysely, job.id);
    const { status, body } = await prepJobApi.move(world.operationsKey, job.id, {
      stage: "OUTBOUND",
      substage: "PENDING_MOVEMENT_REQUEST",
    });
    expect(status).toBe(400);
    expect(body.code).toBe("MOVEMENT_ALREADY_EXISTS");
    expect(await prepJobState(database.kysely, job.id)).toEqual(before);
  });

  it("400 VALIDATION_ERROR for an unknown stage or substage, or an unknown field", async () => {
    const job = await jobOf(world);
    for (const target of [
      { stage: "PARKED" },
      { stage: "APPRAISED", substage: "DONE" },
      {},
      { stage: "APPRAISED", note: "x" },
    ]) {
      const { status, body } = await prepJobApi.move(world.operationsKey, job.id, target);
      expect(status).toBe(400);
      expect(body.code).toBe("VALIDATION_ERROR");
    }
  });

  it("404 PREP_JOB_NOT_FOUND for another profile's or organisation's job; 403 with an integration key", async () => {
    const job = await jobOf(world);
    for (const apiKey of [siblingOperationsKey, otherWorld.operationsKey]) {
      const { status, body } = await prepJobApi.move(apiKey, job.id, { stage: "APPRAISED" });
      expect(status).toBe(404);
      expect(body.code).toBe("PREP_JOB_NOT_FOUND");
    }
    expect((await prepJobApi.move(world.integrationKey, job.id, { stage: "APPRAISED" })).status).toBe(403);
    expect((await prepJobState(database.kysely, job.id)).job).toEqual(job);
  });

  it("movePrepJob serves a staff user: any profile of the organisation, never another organisation", async () => {
    const staff = { organisationId: world.organisation.id, actor: "user:prep@dealer.test" };
    const siblings = await createPrepJob(database.prisma, {
      organisationId: world.organisation.id,
      profileId: siblingProfileId,
      prepSiteId: world.sites.prepCentre.id,
      stage: "ARRIVED",
    });
    const moved = await movePrepJob(staff, siblings.id, { stage: "APPRAISED" });
    expect(moved).toMatchObject({ id: siblings.id, stage: "APPRAISED" });
    const { events } = await prepJobState(database.kysely, siblings.id);
    expect(events.at(-1)?.payload).toMatchObject({ actor: "user:prep@dealer.test", trigger: "appraise" });

    const foreign = await jobOf(otherWorld);
    await expect(movePrepJob(staff, foreign.id, { stage: "APPRAISED" })).rejects.toSatisfy(
      (error: unknown) => error instanceof AppError && error.code === "PREP_JOB_NOT_FOUND",
    );
  });
});
