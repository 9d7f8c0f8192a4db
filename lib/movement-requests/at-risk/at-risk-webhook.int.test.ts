// The opt-in webhook movement.at_risk, end to end on a real database, the worker and a real receiver: a
// request turns at risk and back on track when collected in time; each flip is delivered, signed, to the
// endpoint that names the type, and to no endpoint subscribed to "all"; the events replay leaves it out.
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as eventsRoute } from "@/app/v1/movement-requests/events/route";
import { kysely, sql, transaction } from "@/lib/db";
import { movementAtRiskEnvelopeSchema } from "@/lib/events/envelope-schema";
import { AT_RISK_LOCK, evaluateAtRisk } from "@/lib/movement-requests/at-risk/evaluate-at-risk";
import { callRoute } from "@/test/call-route";
import { createMovementWorld, type MovementWorld } from "@/test/movement-world";
import { POST as assignRoute } from "@/app/v1/operations/movement-requests/[requestId]/assign/route";
import { POST as collectedRoute } from "@/app/v1/operations/movement-requests/[requestId]/collected/route";
import { POST as createInPoolRoute } from "@/app/v1/movement-requests/create-in-planning-pool/route";
import { operationsApi } from "@/test/operations-test-kit";
import { setupTestDatabase } from "@/test/test-database";
import { startWebhookReceiver, type WebhookReceiver } from "@/test/webhook-receiver";
import { POST as createEndpointRoute } from "@/app/v1/webhooks/endpoints/route";
import { registerEndpoint } from "@/test/webhook-world";
import { startWorker } from "@/lib/worker/worker";
import { createDriver } from "@/prisma/factories";

const { createPoolRequest, operateOk } = operationsApi({
  assign: assignRoute,
  collected: collectedRoute,
  createInPool: createInPoolRoute,
});

const database = setupTestDatabase();
let world: MovementWorld;
let atRiskReceiver: WebhookReceiver;
let allReceiver: WebhookReceiver;

beforeAll(async () => {
  world = await createMovementWorld(database.prisma);
  atRiskReceiver = await startWebhookReceiver(200);
  allReceiver = await startWebhookReceiver(200);
});
afterAll(async () => {
  await atRiskReceiver.close();
  await allReceiver.close();
});

// As in evaluate-at-risk.int.test.ts: ready and due on one day, asked at 17:00 UTC it cannot make
// Leeds's midnight; collected, at 18:00 it can.
const DAY = "2031-06-10";

describe("movement.at_risk", () => {
  it("is delivered to the endpoint that names it, entering and leaving, and to no other", async () => {
    const optedIn = await registerEndpoint(createEndpointRoute, world, atRiskReceiver.url, [
      "movement.at_risk",
    ]);
    await registerEndpoint(createEndpointRoute, world, allReceiver.url);
    const driverId = (await createDriver(database.prisma, { organisationId: world.organisation.id })).id;
    const request = await createPoolRequest(world, {
      origin: {
        location: { type: "INTERNAL", siteId: world.sites.manchester.id },
        readyToCollectFromDate: DAY,
      },
      destination: { location: { type: "INTERNAL", siteId: world.sites.leeds.id }, deliveryByDate: DAY },
    });

    expect((await evaluateAtRisk(new Date(`${DAY}T17:00:00Z`)))?.nowAtRisk).toBe(1);
    await operateOk(world, "assign", request.id, { driverId });
    await operateOk(world, "collected", request.id);
    expect((await evaluateAtRisk(new Date(`${DAY}T18:00:00Z`)))?.backOnTrack).toBe(1);

    // Only the opted-in endpoint has deliveries of it (the "all" endpoint gets the collected event).
    const deliveries = await kysely()
      .selectFrom("WebhookDelivery as d")
      .innerJoin("Event as e", "e.id", "d.eventId")
      .select("d.endpointId")
      .where("e.type", "=", "movement.at_risk")
      .orderBy("d.id")
      .execute();
    expect(deliveries.map((delivery) => delivery.endpointId)).toEqual([optedIn.id, optedIn.id]);

    // The worker delivers them; its own at-risk pass (at today's date) is held off by the lock.
    const lock = holdAtRiskLock();
    await lock.locked;
    const worker = startWorker({ pollIntervalMs: 100 });
    try {
      const flips = (await atRiskReceiver.waitFor(2))
        .map((webhook) => {
          new Webhook(optedIn.secret).verify(webhook.body, {
            "webhook-id": webhook.headers["hook-id"] as string,
            "webhook-timestamp": webhook.headers["hook-timestamp"] as string,
            "webhook-signature": webhook.headers["hook-signature"] as string,
          });
          return movementAtRiskEnvelopeSchema.parse(JSON.parse(webhook.body));
        })
        .sort((a, b) => a.occurredAt.localeCompare(b.occurredAt));
      expect(flips.map((flip) => flip.risk.atRisk)).toEqual([true, false]);
      expect(flips.map((flip) => flip.movement.status)).toEqual(["OPEN", "IN_PROGRESS"]);
      expect(flips[0]?.movement.movementRequestId).toBe(request.id);
      // Leeds's end of the day, at its summer offset.
      expect(flips[0]?.risk.deadlineAtLocal).toBe("2031-06-11T00:00:00.000+01:00");
      expect(flips[0]?.occurredAtLocal).toBe(`${DAY}T18:00:00.000+01:00`);
      expect(Date.parse(flips[0]!.risk.expectedArrivalAtLocal)).toBeGreaterThan(
        Date.parse(flips[0]!.risk.deadlineAtLocal),
      );
      const [collected] = await allReceiver.waitFor(1);
      expect(JSON.parse(collected!.body)).toMatchObject({ eventType: "movement.collected" });
    } finally {
      await worker.stop();
      lock.release();
      await lock.done;
    }
    expect(allReceiver.received).toHaveLength(1);

    // The events replay is the specification's: the at-risk flips are not in it.
    const replay = await callRoute(eventsRoute, {
      method: "GET",
      path: "/v1/movement-requests/events?since=2020-01-01T00:00:00Z",
      apiKey: world.integrationKey,
    });
    const { data } = (await replay.json()) as { data: { eventType: string }[] };
    expect(data.map((envelope) => envelope.eventType)).toEqual(["movement.collected"]);
  });
});

/** Holds the at-risk pass's advisory lock in a transaction of its own until released. */
function holdAtRiskLock() {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let onLocked!: () => void;
  const locked = new Promise<void>((resolve) => (onLocked = resolve));
  const done = transaction(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${AT_RISK_LOCK})`.execute(trx);
    onLocked();
    await held;
  });
  return { locked, release, done };
}
