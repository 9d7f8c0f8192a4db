// The estimated arrival (issue 35 §3) end to end on a real database: the window every movement request
// body carries, the worker's pass that keeps it from the schedule, the lane's history or the vehicle's
// last position, what it said at collection, the trips the lanes learn from, and the opt-in webhook
// movement.eta_changed, delivered signed to a real receiver by the worker.
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as cancelRequest } from "@/app/v1/movement-requests/[requestId]/cancel/route";
import { GET as getRequest } from "@/app/v1/movement-requests/[requestId]/route";
import { kysely } from "@/lib/db";
import { movementEtaChangedEnvelopeSchema } from "@/lib/events/envelope-schema";
import { refreshEstimatedArrivals } from "@/lib/movement-requests/eta/refresh-estimated-arrivals";
import { TERMINAL_STATUSES } from "@/lib/schemas/movement-wire";
import { callRoute } from "@/test/call-route";
import { createMovementWorld, type MovementWorld } from "@/test/movement-world";
import { POST as assignRoute } from "@/app/v1/operations/movement-requests/[requestId]/assign/route";
import { POST as collectedRoute } from "@/app/v1/operations/movement-requests/[requestId]/collected/route";
import { POST as deliveredRoute } from "@/app/v1/operations/movement-requests/[requestId]/delivered/route";
import { POST as positionsRoute } from "@/app/v1/operations/movement-requests/[requestId]/positions/route";
import { POST as createInPoolRoute } from "@/app/v1/movement-requests/create-in-planning-pool/route";
import { type Body, operationsApi } from "@/test/operations-test-kit";
import { setupTestDatabase } from "@/test/test-database";
import { startWebhookReceiver, type WebhookReceiver } from "@/test/webhook-receiver";
import { POST as createEndpointRoute } from "@/app/v1/webhooks/endpoints/route";
import { registerEndpoint } from "@/test/webhook-world";
import { startWorker } from "@/lib/worker/worker";
import { createDriver } from "@/prisma/factories";

const { createPoolRequest, operate, operateOk } = operationsApi({
  assign: assignRoute,
  collected: collectedRoute,
  delivered: deliveredRoute,
  positions: positionsRoute,
  createInPool: createInPoolRoute,
});

const database = setupTestDatabase();
let world: MovementWorld;
let driverId: string;
let receiver: WebhookReceiver;

beforeAll(async () => {
  world = await createMovementWorld(database.prisma);
  driverId = (await createDriver(database.prisma, { organisationId: world.organisation.id })).id;
  receiver = await startWebhookReceiver(200);
});
afterAll(async () => {
  await receiver.close();
});

const LEEDS = { latitude: 53.8008, longitude: -1.5491 };
/** A point `km` due south of Leeds. */
const southOfLeeds = (km: number) => ({ latitude: LEEDS.latitude - km / 111.2, longitude: LEEDS.longitude });

async function getBody(requestId: string): Promise<Body> {
  const response = await callRoute(getRequest, {
    path: `/v1/movement-requests/${requestId}`,
    apiKey: world.integrationKey,
    params: { requestId },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Body;
}

async function report(requestId: string, km: number, secondsAgo = 0) {
  const recordedAt = new Date(Date.now() - secondsAgo * 1000).toISOString();
  const { status } = await operate(world, "positions", requestId, {
    positions: [{ ...southOfLeeds(km), recordedAt }],
  });
  expect(status).toBe(202);
}

const storedEta = (requestId: string) =>
  kysely()
    .selectFrom("MovementEta")
    .selectAll()
    .where("movementRequestId", "=", requestId)
    .executeTakeFirst();

/** A Manchester → Leeds request, due 2031-06-10 in the PM slot (Leeds is at UTC+1 then). */
const createRequest = () =>
  createPoolRequest(world, {
    destination: {
      location: { type: "INTERNAL", siteId: world.sites.leeds.id },
      deliveryByDate: "2031-06-10",
      deliveryByTimeslot: "PM",
    },
  });

describe("estimatedArrival", () => {
  it("is the delivery slot at the destination's offset before the worker has seen the request", async () => {
    const created = await createRequest();
    expect(created.estimatedArrival).toEqual({
      earliest: "2031-06-10T12:00:00.000+01:00",
      latest: "2031-06-10T18:00:00.000+01:00",
      basis: "SCHEDULE",
    });
    // The organisation has no history: the pass keeps the schedule.
    await refreshEstimatedArrivals();
    expect(await storedEta(created.id)).toMatchObject({ basis: "SCHEDULE" });
    expect((await getBody(created.id)).estimatedArrival).toEqual(created.estimatedArrival);
  });

  it("works a backlog in chunks, each request once", async () => {
    const created = await Promise.all(Array.from({ length: 5 }, () => createRequest()));
    await kysely()
      .deleteFrom("MovementEta")
      .where(
        "movementRequestId",
        "in",
        created.map((request) => request.id),
      )
      .execute();
    const open = await kysely()
      .selectFrom("MovementRequest")
      .select((eb) => eb.fn.countAll<string>().as("count"))
      .where("status", "not in", [...TERMINAL_STATUSES])
      .executeTakeFirstOrThrow();
    const pass = await refreshEstimatedArrivals(new Date(), { chunkSize: 2 });
    expect(pass.evaluated).toBe(Number(open.count));
    for (const request of created) expect(await storedEta(request.id)).toMatchObject({ basis: "SCHEDULE" });
  });

  it("follows the vehicle's position on the road, and keeps what it said at collection", async () => {
    const created = await createRequest();
    await refreshEstimatedArrivals();
    await operateOk(world, "assign", created.id, { driverId });
    await operateOk(world, "collected", created.id);
    await report(created.id, 40);
    const now = new Date();
    const pass = await refreshEstimatedArrivals(now, { onlyNewPositions: true });
    expect(pass.evaluated).toBe(1);

    const body = await getBody(created.id);
    expect(body.estimatedArrival.basis).toBe("POSITION");
    // 40 km × 1.3 at 60 km/h (no trips learned yet): some 52 minutes away.
    const earliest = Date.parse(body.estimatedArrival.earliest);
    const latest = Date.parse(body.estimatedArrival.latest);
    expect(earliest).toBeGreaterThan(now.getTime() + 35 * 60_000);
    expect(latest).toBeLessThan(now.getTime() + 75 * 60_000);
    expect(body.estimatedArrival.earliest).toMatch(/\+0[01]:00$/);

    // The schedule it had when collected is what collection promised.
    expect(await storedEta(created.id)).toMatchObject({
      basis: "POSITION",
      collectionBasis: "SCHEDULE",
      collectionEarliest: new Date("2031-06-10T11:00:00Z"),
    });
  });

  it("is null once delivered, and the delivered leg's trip is summarised for the lane's learning", async () => {
    const created = await createRequest();
    await operateOk(world, "assign", created.id, { driverId });
    await operateOk(world, "collected", created.id);
    const { status } = await operate(world, "positions", created.id, {
      positions: [
        { ...southOfLeeds(60), recordedAt: new Date(Date.now() - 3_600_000).toISOString() },
        { ...southOfLeeds(30), recordedAt: new Date(Date.now() - 1_800_000).toISOString() },
        { ...southOfLeeds(0), recordedAt: new Date().toISOString() },
      ],
    });
    expect(status).toBe(202);
    await operateOk(world, "delivered", created.id);
    expect((await getBody(created.id)).estimatedArrival).toBeNull();

    const pass = await refreshEstimatedArrivals();
    expect(pass.trips).toBe(1);
    const trip = await kysely()
      .selectFrom("MovementTrip as t")
      .innerJoin("Movement as leg", "leg.id", "t.movementId")
      .selectAll("t")
      .where("leg.movementRequestId", "=", created.id)
      .executeTakeFirstOrThrow();
    expect(trip.roadKm).toBeCloseTo(60, 0);
    expect(trip.directKm).toBeCloseTo(60, 0);
    expect(trip.seconds).toBe(3600);
    expect(trip).toMatchObject({
      originSiteId: world.sites.manchester.id,
      destinationSiteId: world.sites.leeds.id,
    });
  });
});

describe("the outcome", () => {
  it("is recorded once the request is delivered, against the window it had at collection; the window goes", async () => {
    const created = await createRequest();
    await refreshEstimatedArrivals();
    await operateOk(world, "assign", created.id, { driverId });
    await operateOk(world, "collected", created.id);
    await refreshEstimatedArrivals();
    await operateOk(world, "delivered", created.id);
    const pass = await refreshEstimatedArrivals();
    expect(pass.outcomes).toBe(1);

    const { completedOn } = await kysely()
      .selectFrom("MovementRequest")
      .select("completedOn")
      .where("id", "=", created.id)
      .executeTakeFirstOrThrow();
    const outcome = await kysely()
      .selectFrom("EtaOutcome")
      .selectAll()
      .where("movementRequestId", "=", created.id)
      .executeTakeFirstOrThrow();
    // Delivered today, years before the schedule's window (2031-06-10 from 12:00 at Leeds, 11:00 UTC).
    const minutesEarly = Math.round((Date.parse("2031-06-10T11:00:00Z") - completedOn!.getTime()) / 60_000);
    expect(outcome).toMatchObject({
      organisationId: world.organisation.id,
      originSiteId: world.sites.manchester.id,
      destinationSiteId: world.sites.leeds.id,
      driverId,
      providerId: null,
      basis: "SCHEDULE",
      minutesOff: minutesEarly,
    });
    expect(await storedEta(created.id)).toBeUndefined();
  });

  it("is not recorded for a request cancelled, whose window goes too", async () => {
    const created = await createRequest();
    await refreshEstimatedArrivals();
    const cancelled = await callRoute(cancelRequest, {
      method: "POST",
      path: `/v1/movement-requests/${created.id}/cancel`,
      apiKey: world.integrationKey,
      params: { requestId: created.id },
    });
    expect(cancelled.status).toBe(200);
    await refreshEstimatedArrivals();
    expect(await storedEta(created.id)).toBeUndefined();
    const outcome = await kysely()
      .selectFrom("EtaOutcome")
      .select("movementRequestId")
      .where("movementRequestId", "=", created.id)
      .executeTakeFirst();
    expect(outcome).toBeUndefined();
  });
});

describe("the customer's messages", () => {
  const messagesOf = async (requestId: string) =>
    (
      await kysely()
        .selectFrom("CustomerMessage")
        .select(["kind", "channel"])
        .where("movementRequestId", "=", requestId)
        .orderBy("createdAt")
        .orderBy("channel")
        .execute()
    ).map((message) => `${message.kind} ${message.channel}`);

  it("say it runs late when the window's end moves 30 minutes later, and that it is arriving when 15 minutes away", async () => {
    const created = await createPoolRequest(world, {
      destination: {
        location: { type: "INTERNAL", siteId: world.sites.leeds.id },
        deliveryByDate: "2031-06-10",
      },
      customer: { name: "Sam Buyer", email: "sam@buyer.test", phone: "+447700900123" },
    });
    await operateOk(world, "assign", created.id, { driverId });
    await operateOk(world, "collected", created.id);
    await report(created.id, 40, 60);
    await refreshEstimatedArrivals();
    expect(await messagesOf(created.id)).toEqual(["ON_ITS_WAY EMAIL", "ON_ITS_WAY SMS"]);

    // 150 km out: more than an hour later than the customer was told.
    await report(created.id, 150, 30);
    expect((await refreshEstimatedArrivals(new Date(), { onlyNewPositions: true }))?.messages).toBe(2);
    // 5 km out, now: arriving; said once however often the pass looks.
    await report(created.id, 5);
    expect((await refreshEstimatedArrivals(new Date(), { onlyNewPositions: true }))?.messages).toBe(2);
    expect((await refreshEstimatedArrivals())?.messages).toBe(0);
    expect(await messagesOf(created.id)).toEqual([
      "ON_ITS_WAY EMAIL",
      "ON_ITS_WAY SMS",
      "RUNNING_LATE EMAIL",
      "RUNNING_LATE SMS",
      "ARRIVING EMAIL",
      "ARRIVING SMS",
    ]);
  });
});

describe("the lane's learned road factor and speed", () => {
  it("replace the defaults once the lane has three trips", async () => {
    const learner = await createMovementWorld(database.prisma);
    const learnerDriver = await createDriver(database.prisma, { organisationId: learner.organisation.id });
    // Three trips on Manchester → Leeds: 1.5 road km per straight km, at 30 km/h.
    await kysely()
      .insertInto("MovementTrip")
      .values(
        ["t1", "t2", "t3"].map((id) => ({
          movementId: `${learner.organisation.id}-${id}`,
          organisationId: learner.organisation.id,
          originSiteId: learner.sites.manchester.id,
          destinationSiteId: learner.sites.leeds.id,
          transportMethod: "DRIVEN" as const,
          roadKm: 60,
          directKm: 40,
          seconds: 7200,
          deliveredAt: new Date(),
        })),
      )
      .execute();
    const created = await createPoolRequest(learner, {
      destination: {
        location: { type: "INTERNAL", siteId: learner.sites.leeds.id },
        deliveryByDate: "2031-06-10",
      },
    });
    await operateOk(learner, "assign", created.id, { driverId: learnerDriver.id });
    await operateOk(learner, "collected", created.id);
    const recordedAt = new Date().toISOString();
    expect(
      (await operate(learner, "positions", created.id, { positions: [{ ...southOfLeeds(40), recordedAt }] }))
        .status,
    ).toBe(202);
    const now = new Date();
    await refreshEstimatedArrivals(now, { onlyNewPositions: true });
    const eta = await storedEta(created.id);
    // 40 km × 1.5 at 30 km/h: two hours (the defaults would say 52 minutes).
    expect(eta?.basis).toBe("POSITION");
    expect(eta!.earliest.getTime()).toBeGreaterThan(now.getTime() + 100 * 60_000);
    expect(eta!.latest.getTime()).toBeLessThan(now.getTime() + 150 * 60_000);
  });
});

describe("movement.eta_changed", () => {
  it("is published when the window moves 30 minutes or more, to the endpoint that names it only", async () => {
    const optedIn = await registerEndpoint(createEndpointRoute, world, receiver.url, [
      "movement.eta_changed",
    ]);
    await registerEndpoint(createEndpointRoute, world, "http://127.0.0.1:9/unused");
    const created = await createRequest();
    await operateOk(world, "assign", created.id, { driverId });
    await operateOk(world, "collected", created.id);
    await report(created.id, 40, 60);
    await refreshEstimatedArrivals();
    const first = await storedEta(created.id);
    expect(first?.announcedEarliest).toEqual(first?.earliest);

    // Ten kilometres nearer: the window moves, but by less than 30 minutes.
    await report(created.id, 30, 30);
    expect((await refreshEstimatedArrivals(new Date(), { onlyNewPositions: true }))?.announced).toBe(0);
    // Turned back, 150 km out: more than an hour later.
    await report(created.id, 150);
    const versionOf = async () =>
      (
        await kysely()
          .selectFrom("MovementRequest")
          .select("version")
          .where("id", "=", created.id)
          .executeTakeFirstOrThrow()
      ).version;
    const versionBefore = await versionOf();
    expect((await refreshEstimatedArrivals(new Date(), { onlyNewPositions: true }))?.announced).toBe(1);

    const events = await kysely()
      .selectFrom("Event")
      .select(["id", "resourceVersion"])
      .where("resourceId", "=", created.id)
      .where("type", "=", "movement.eta_changed")
      .execute();
    expect(events).toHaveLength(1);
    const deliveries = await kysely()
      .selectFrom("WebhookDelivery")
      .select("endpointId")
      .where("eventId", "=", events[0]!.id)
      .execute();
    expect(deliveries.map((delivery) => delivery.endpointId)).toEqual([optedIn.id]);
    // As the at-risk flips: the request's version moves, and the event carries it.
    expect(await versionOf()).toBe(versionBefore + 1);
    expect(events[0]?.resourceVersion).toBe(versionBefore + 1);

    const worker = startWorker({ pollIntervalMs: 100 });
    try {
      const [webhook] = await receiver.waitFor(1);
      new Webhook(optedIn.secret).verify(webhook!.body, {
        "webhook-id": webhook!.headers["hook-id"] as string,
        "webhook-timestamp": webhook!.headers["hook-timestamp"] as string,
        "webhook-signature": webhook!.headers["hook-signature"] as string,
      });
      const envelope = movementEtaChangedEnvelopeSchema.parse(JSON.parse(webhook!.body));
      expect(envelope.movement.movementRequestId).toBe(created.id);
      expect(envelope.movement.status).toBe("IN_PROGRESS");
      expect(envelope.estimatedArrival.basis).toBe("POSITION");
      expect(Date.parse(envelope.estimatedArrival.earliest)).toBeGreaterThan(
        Date.parse(envelope.estimatedArrival.previousLatest),
      );
    } finally {
      await worker.stop();
    }
  });
});
