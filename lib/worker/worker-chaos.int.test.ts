// Chaos: 5,000 events in the outbox, delivered by a worker process that is SIGKILLed at random points
// 20 times and restarted each time. Every event must reach its endpoint at least once, a duplicate must be the same
// event (same eventId, same bytes), and the outbox must drain with no claim left behind.
// The kill points come from a seeded generator; the seed is printed, and CHAOS_SEED=<seed> replays it.
import { afterAll, describe, expect, it } from "vitest";
import { countRows } from "@/test/count-rows";
import { kysely } from "@/lib/db";
import type { WebhookEventType } from "@/lib/events/movement-envelope";
import { createMovementWorld } from "@/test/movement-world";
import { setupTestDatabase } from "@/test/test-database";
import { startWebhookReceiver, type WebhookReceiver } from "@/test/webhook-receiver";
import { POST as createEndpointRoute } from "@/app/v1/webhooks/endpoints/route";
import { publishEvents, registerEndpoint } from "@/test/webhook-world";
import { spawnWorkerProcess, type WorkerProcess } from "@/test/worker-process";

const EVENTS = 5_000;
const KILLS = 20;
const EVENT_TYPES: WebhookEventType[] = [
  "movement.collected",
  "movement.delivered",
  "movement.cancelled",
  "movement.aborted",
];
/**
 * Organisations, each with one endpoint per event type: 40 endpoints. A killed worker's claims wait for
 * their lease to run out; with many endpoints the next worker carries on meanwhile, as it would in
 * production.
 */
const WORLDS = 10;
const EVENTS_PER_ENDPOINT = EVENTS / (WORLDS * EVENT_TYPES.length);
/** A worker is killed after the receiver has taken up to this many more requests. */
const MAX_REQUESTS_BEFORE_KILL = 200;

const seed = Number(process.env.CHAOS_SEED ?? Math.floor(Math.random() * 2 ** 31));
const database = setupTestDatabase();
const workers: WorkerProcess[] = [];
let receiver: WebhookReceiver | undefined;

afterAll(async () => {
  for (const worker of workers) {
    if (worker.child.exitCode === null && worker.child.signalCode === null) worker.child.kill("SIGKILL");
    await worker.exited;
  }
  await receiver?.close();
});

/** mulberry32: a small seeded generator, so that a failing run's kill points can be replayed. */
function seededRandom(state: number): () => number {
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

function startWorker() {
  const worker = spawnWorkerProcess({
    DATABASE_URL: database.url,
    // The lease is 2 × this + 5 s: a killed worker's claims come back after 7 s.
    WEBHOOK_TIMEOUT_MS: "1000",
    // Should an attempt time out under load, its retry comes soon (the default waits 5 s, then 5 min).
    WEBHOOK_RETRY_SCHEDULE: "0s,500ms,1s,2s,5s,10s,20s,30s",
  });
  workers.push(worker);
  return worker;
}

/** Deliveries a worker process holds a claim on (its id is host:pid:random). */
async function claimsOf(worker: WorkerProcess): Promise<number> {
  const { count } = await kysely()
    .selectFrom("WebhookDelivery")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("status", "=", "PENDING")
    .where("lockedBy", "like", `%:${worker.child.pid}:%`)
    .executeTakeFirstOrThrow();
  return Number(count);
}

const countDeliveries = (where: Parameters<typeof countRows<"WebhookDelivery">>[2]) =>
  countRows(database.kysely, "WebhookDelivery", where);

/** Every event type of a world to an endpoint of its own; resolves to the published eventIds. */
async function publishToWorld(receiverUrl: string): Promise<string[]> {
  const world = await createMovementWorld(database.prisma);
  const ids: string[] = [];
  for (const type of EVENT_TYPES) {
    await registerEndpoint(createEndpointRoute, world, `${receiverUrl}/${type}`, [type]);
    ids.push(...(await publishEvents(world, type, EVENTS_PER_ENDPOINT)));
  }
  return ids;
}

describe("worker chaos", () => {
  it(`delivers ${EVENTS} events at least once while the worker is killed ${KILLS} times`, async () => {
    console.log(`worker chaos: seed ${seed} (CHAOS_SEED=${seed} replays the kill points)`);
    const random = seededRandom(seed);
    const startedAt = Date.now();
    const phases: string[] = [];
    const phase = (name: string) => phases.push(`${name} ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
    receiver = await startWebhookReceiver(200);

    // The outbox holds all 5,000 before the first worker starts (a few organisations at a time, within
    // the connection pool). Published while workers run, they take several times as long: every
    // event wakes every worker to claim.
    const published: string[] = [];
    for (let first = 0; first < WORLDS; first += 5) {
      const batch = Array.from({ length: Math.min(5, WORLDS - first) }, () => publishToWorld(receiver!.url));
      published.push(...(await Promise.all(batch)).flat());
    }
    expect(new Set(published).size).toBe(EVENTS);
    phase("published");

    // Each worker is killed once the receiver has taken a random number of further requests: a random
    // point in the stream of deliveries, with the worker's other attempts in flight. At most 20 × 200
    // of the 5,000 go out before the last kill, so every kill comes while events are being delivered.
    const kills: { afterRequests: number; claimsCut: number }[] = [];
    for (let kill = 0; kill < KILLS; kill++) {
      const worker = startWorker();
      const afterRequests = 1 + Math.floor(random() * MAX_REQUESTS_BEFORE_KILL);
      await receiver.waitFor(receiver.received.length + afterRequests, 120_000);
      worker.child.kill("SIGKILL");
      await worker.exited;
      // Claims it held when it died: nobody gives them back; their lease has to run out.
      kills.push({ afterRequests, claimsCut: await claimsOf(worker) });
    }
    phase("killed");

    const survivor = startWorker();
    await expect
      .poll(() => countDeliveries((query) => query.where("status", "=", "PENDING")), {
        timeout: 90_000,
        interval: 250,
      })
      .toBe(0);
    phase("drained");
    survivor.child.kill("SIGTERM");
    expect(await survivor.exited).toBe(0);

    // Every event arrived at least once.
    const bodiesByEventId = new Map<string, string[]>();
    for (const webhook of receiver.received) {
      const eventId = webhook.headers["hook-id"] as string;
      bodiesByEventId.set(eventId, [...(bodiesByEventId.get(eventId) ?? []), webhook.body]);
    }
    expect(new Set(bodiesByEventId.keys())).toEqual(new Set(published));
    // A copy is the same event: the envelope's eventId is the hook-id, and the bytes are identical.
    for (const [eventId, bodies] of bodiesByEventId) {
      expect(JSON.parse(bodies[0]!).eventId).toBe(eventId);
      expect(new Set(bodies).size).toBe(1);
    }
    // The outbox is drained: every delivery succeeded, none failed, none is still claimed.
    expect(await countDeliveries((query) => query.where("status", "=", "SUCCEEDED"))).toBe(EVENTS);
    expect(await countDeliveries((query) => query.where("status", "!=", "SUCCEEDED"))).toBe(0);
    expect(
      await countDeliveries((query) =>
        query.where((eb) => eb.or([eb("lockedBy", "is not", null), eb("lockedUntil", "is not", null)])),
      ),
    ).toBe(0);

    const duplicates = receiver.received.length - EVENTS;
    console.log(
      `worker chaos: seed ${seed}; ${EVENTS} events; ${KILLS} kills ` +
        `(after ${kills.map((kill) => kill.afterRequests).join(",")} requests; ` +
        `claims cut ${kills.map((kill) => kill.claimsCut).join(",")}); ` +
        `${receiver.received.length} requests received, ${duplicates} duplicates; ${phases.join(", ")}`,
    );
  }, 300_000);
});
