// The contract points of extensions sections 3 and 4, through the /v1 route handlers: prep job bodies
// name their movement requests, a VIN has one open prep job per organisation (409
// PREP_JOB_ALREADY_EXISTS, race-safe), and a delivery deadline in the past or before the ready date is
// refused (400 INVALID_DELIVERY_DATE) on create and PATCH, changing nothing.
import { beforeAll, describe, expect, it } from "vitest";
import { GET as getRequestRoute, PATCH as patchRoute } from "@/app/v1/movement-requests/[requestId]/route";
import { POST as inboundPendingRoute } from "@/app/v1/prep-jobs/inbound-pending/route";
import { GET as listRoute } from "@/app/v1/prep-jobs/route";
import { GET as getRoute } from "@/app/v1/prep-jobs/[id]/route";
import { POST as assignSiteRoute } from "@/app/v1/operations/prep-jobs/[id]/assign-site/route";
import { POST as createInPoolRoute } from "@/app/v1/movement-requests/create-in-planning-pool/route";
import { POST as cancelRoute } from "@/app/v1/movement-requests/[requestId]/cancel/route";
import { movementBody, prepJobRoutesApi } from "@/test/prep-job-api";
import { callRoute } from "@/test/call-route";
import { createMovementWorld, poolRequestBody, type MovementWorld } from "@/test/movement-world";
import { setupTestDatabase } from "@/test/test-database";
import { createPrepJob, createProfile, dateOnlyFromToday, testVin } from "@/prisma/factories";
import { nextSequence } from "@/prisma/factories/db";
import { countRows } from "@/test/count-rows";

const { movementRequestApi, prepJobApi } = prepJobRoutesApi({
  inboundPending: inboundPendingRoute,
  list: listRoute,
  get: getRoute,
  assignSite: assignSiteRoute,
  createInPool: createInPoolRoute,
  cancel: cancelRoute,
});

const database = setupTestDatabase();
let world: MovementWorld;

beforeAll(async () => {
  world = await createMovementWorld(database.prisma);
});

const uniqueVin = () => testVin(800_000 + nextSequence());

function inboundPending(vin: string) {
  return prepJobApi.inboundPending(world.integrationKey, {
    vin,
    businessArea: "Retail",
    collectionLocation: { type: "INTERNAL", siteId: world.sites.manchester.id },
  });
}

describe("prep job bodies name their movement requests", () => {
  it("assign-site answers with the inbound movement request it created; GET and the outbound one agree", async () => {
    const parked = await inboundPending(uniqueVin());
    expect(parked.status).toBe(201);
    expect(parked.body).not.toHaveProperty("inboundMovementRequestId");
    expect(parked.body).not.toHaveProperty("outboundMovementRequestId");

    const assigned = await prepJobApi.assignSite(world.operationsKey, parked.body.id, {
      prepSiteId: world.sites.prepCentre.id,
    });
    expect(assigned.status).toBe(200);
    const created = await database.kysely
      .selectFrom("MovementRequest")
      .selectAll()
      .where("prepJobId", "=", parked.body.id)
      .where("prepJobDirection", "=", "INBOUND")
      .executeTakeFirstOrThrow();
    expect(assigned.body.inboundMovementRequestId).toBe(created.id);
    expect(assigned.body).not.toHaveProperty("outboundMovementRequestId");

    // The vehicle is prepared, then leaves: the outbound request is named beside the inbound one.
    const job = await database.kysely
      .updateTable("PrepJob")
      .set({ stage: "APPRAISED", substage: null })
      .where("id", "=", parked.body.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const outbound = await movementRequestApi.createInPool(
      world.integrationKey,
      movementBody({ vin: job.vin }, world.sites.prepCentre.id, world.sites.leeds.id),
    );
    expect(outbound.status).toBe(201);
    const read = await prepJobApi.get(world.integrationKey, job.id);
    expect(read.body).toMatchObject({
      inboundMovementRequestId: created.id,
      outboundMovementRequestId: outbound.body.id,
    });

    // A cancelled request is no longer the job's current one.
    expect((await movementRequestApi.cancel(world.integrationKey, outbound.body.id)).status).toBe(200);
    const afterCancel = await prepJobApi.get(world.integrationKey, job.id);
    expect(afterCancel.body).not.toHaveProperty("outboundMovementRequestId");
    const listed = await prepJobApi.list(world.integrationKey, { vin: job.vin });
    // The list carries the job's body; GET by id adds its recon summary (issue 37).
    const { recon, ...listedBody } = afterCancel.body;
    expect(recon).toMatchObject({ items: 0 });
    expect(listed.body.data).toEqual([listedBody]);
  });
});

describe("POST /v1/prep-jobs/inbound-pending for a VIN with an open job", () => {
  it("is refused with 409 PREP_JOB_ALREADY_EXISTS naming the open job, creating nothing", async () => {
    const vin = uniqueVin();
    const first = await inboundPending(vin);
    expect(first.status).toBe(201);

    const second = await inboundPending(vin);
    expect(second.status).toBe(409);
    expect(second.body.code).toBe("PREP_JOB_ALREADY_EXISTS");
    expect(second.body.message).toContain(first.body.id);
    expect(await countRows(database.kysely, "PrepJob", (query) => query.where("vin", "=", vin))).toBe(1);
  });

  it("holds when the same VIN arrives many times at once: exactly one job is created", async () => {
    const vin = uniqueVin();
    const answers = await Promise.all(Array.from({ length: 6 }, () => inboundPending(vin)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(await countRows(database.kysely, "PrepJob", (query) => query.where("vin", "=", vin))).toBe(1);
  });

  it("counts jobs of other profiles of the organisation, and accepts a VIN whose last job was delivered", async () => {
    const open = uniqueVin();
    const sibling = await createProfile(database.prisma, { organisationId: world.organisation.id });
    await createPrepJob(database.prisma, {
      organisationId: world.organisation.id,
      profileId: sibling.id,
      vin: open,
      stage: "APPRAISED",
      prepSiteId: world.sites.prepCentre.id,
    });
    expect((await inboundPending(open)).status).toBe(409);

    const delivered = uniqueVin();
    await createPrepJob(database.prisma, {
      organisationId: world.organisation.id,
      profileId: world.profile.id,
      vin: delivered,
      stage: "OUTBOUND",
      substage: "DELIVERED",
      prepSiteId: world.sites.prepCentre.id,
    });
    expect((await inboundPending(delivered)).status).toBe(201);
  });
});

describe("a delivery deadline in the past or before the ready date", () => {
  async function countRequests() {
    return countRows(database.kysely, "MovementRequest", (query) =>
      query.where("organisationId", "=", world.organisation.id),
    );
  }

  it("is refused on create with 400 INVALID_DELIVERY_DATE, creating nothing", async () => {
    const before = await countRequests();
    const past = await movementRequestApi.createInPool(
      world.integrationKey,
      poolRequestBody(world, {
        destination: {
          location: { type: "INTERNAL", siteId: world.sites.leeds.id },
          deliveryByDate: dateOnlyFromToday(-2),
        },
      }),
    );
    expect(past.status).toBe(400);
    expect(past.body).toMatchObject({
      code: "INVALID_DELIVERY_DATE",
      errors: [{ path: "destination.deliveryByDate" }],
    });

    const beforeReady = await movementRequestApi.createInPool(
      world.integrationKey,
      poolRequestBody(world, {
        origin: {
          location: { type: "INTERNAL", siteId: world.sites.manchester.id },
          readyToCollectFromDate: dateOnlyFromToday(10),
        },
        destination: {
          location: { type: "INTERNAL", siteId: world.sites.leeds.id },
          deliveryByDate: dateOnlyFromToday(9),
        },
      }),
    );
    expect(beforeReady.status).toBe(400);
    expect(beforeReady.body.code).toBe("INVALID_DELIVERY_DATE");
    expect(await countRequests()).toBe(before);
  });

  it("is refused on assign-site, leaving the job parked", async () => {
    const parked = await inboundPending(uniqueVin());
    const answer = await prepJobApi.assignSite(world.operationsKey, parked.body.id, {
      prepSiteId: world.sites.prepCentre.id,
      deliveryByDate: dateOnlyFromToday(-1),
    });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe("INVALID_DELIVERY_DATE");
    expect((await prepJobApi.get(world.integrationKey, parked.body.id)).body).toEqual({
      ...parked.body,
      recon: expect.any(Object),
    });
  });

  it("is refused on PATCH with 400 INVALID_DELIVERY_DATE, changing nothing", async () => {
    const created = await movementRequestApi.createInPool(world.integrationKey, poolRequestBody(world));
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const patch = (body: unknown) =>
      callRoute(patchRoute, {
        method: "PATCH",
        path: `/v1/movement-requests/${id}`,
        apiKey: world.integrationKey,
        body,
        params: { requestId: id },
      });

    const past = await patch({ destination: { deliveryByDate: dateOnlyFromToday(-1) }, notes: "changed" });
    expect(past.status).toBe(400);
    expect(((await past.json()) as { code: string }).code).toBe("INVALID_DELIVERY_DATE");

    // A ready date moved beyond the stored deadline is refused too.
    const lateReady = await patch({ origin: { readyToCollectFromDate: dateOnlyFromToday(45) } });
    expect(lateReady.status).toBe(400);
    expect(((await lateReady.json()) as { code: string }).code).toBe("INVALID_DELIVERY_DATE");

    const read = await callRoute(getRequestRoute, {
      path: `/v1/movement-requests/${id}`,
      apiKey: world.integrationKey,
      params: { requestId: id },
    });
    expect(await read.json()).toEqual(created.body);
  });
});
