// Graceful shutdown of `npm run worker`, really signalled: on SIGTERM it takes no new work, lets the
// attempts in flight finish (or cuts and releases them when their receiver hangs), leaves nothing
// claimed, and exits by itself with code 0, within its deadline (no "forced" line). A worker started
// later delivers what was left.
import { afterEach, describe, expect, it } from "vitest";
import { createMovementWorld } from "@/test/movement-world";
import { setupTestDatabase } from "@/test/test-database";
import { startWebhookReceiver, type WebhookReceiver } from "@/test/webhook-receiver";
import { POST as createEndpointRoute } from "@/app/v1/webhooks/endpoints/route";
import { publishEvents, registerEndpoint } from "@/test/webhook-world";
import { spawnWorkerProcess, type WorkerProcess } from "@/test/worker-process";
import { countRows } from "@/test/count-rows";

const database = setupTestDatabase();
const running: WorkerProcess[] = [];
const receivers: WebhookReceiver[] = [];

afterEach(async () => {
  for (const worker of running.splice(0)) {
    if (worker.child.exitCode === null && worker.child.signalCode === null) worker.child.kill("SIGKILL");
    await worker.exited;
  }
  await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
});

function startWorkerProcess() {
  // A 5 s timeout: a hanging receiver is cut by the shutdown, not by the timeout. A share of 4 slots
  // per endpoint: the first test counts on it.
  const worker = spawnWorkerProcess({
    DATABASE_URL: database.url,
    WEBHOOK_TIMEOUT_MS: "5000",
    WEBHOOK_ENDPOINT_CONCURRENCY: "4",
  });
  running.push(worker);
  return worker;
}

async function receiver(...args: Parameters<typeof startWebhookReceiver>) {
  const started = await startWebhookReceiver(...args);
  receivers.push(started);
  return started;
}

const eventIdOf = (webhook: { headers: Record<string, unknown> }) => webhook.headers["hook-id"] as string;

const claimedDeliveries = (endpointId: string) =>
  countRows(database.kysely, "WebhookDelivery", (query) =>
    query
      .where("endpointId", "=", endpointId)
      .where((eb) => eb.or([eb("lockedBy", "is not", null), eb("lockedUntil", "is not", null)])),
  );

/** SIGTERM, then the exit code; the process must exit by itself, not by its forced deadline. */
async function terminate(worker: WorkerProcess): Promise<number | null> {
  worker.child.kill("SIGTERM");
  const code = await worker.exited;
  expect(worker.output()).not.toMatch(/forced/);
  return code;
}

describe("worker graceful shutdown", () => {
  it("lets attempts in flight finish, takes nothing new, exits 0; the next worker delivers the rest", async () => {
    const world = await createMovementWorld(database.prisma);
    // Answers each webhook after a second: still in flight when the signal comes, done within the grace.
    const slow = await receiver(200, { delayMs: 1_000 });
    const endpoint = await registerEndpoint(createEndpointRoute, world, slow.url);
    const ids = await publishEvents(world, "movement.collected", 12);

    const worker = startWorkerProcess();
    // Four in flight (the endpoint's share), eight waiting.
    const inFlight = (await slow.waitFor(4, 60_000)).slice(0, 4).map(eventIdOf);
    expect(await terminate(worker)).toBe(0);

    // Nothing new was sent after the signal, and the four were finished and recorded: not sent again.
    expect(slow.received.map(eventIdOf)).toEqual(inFlight);
    const finished = await database.kysely
      .selectFrom("WebhookDelivery")
      .selectAll()
      .where("endpointId", "=", endpoint.id)
      .where("status", "=", "SUCCEEDED")
      .execute();
    expect(finished.map((delivery) => delivery.eventId).sort()).toEqual([...inFlight].sort());
    expect(await claimedDeliveries(endpoint.id)).toBe(0);

    startWorkerProcess();
    await slow.waitFor(12, 60_000);
    await expect
      .poll(
        () =>
          countRows(database.kysely, "WebhookDelivery", (query) =>
            query.where("endpointId", "=", endpoint.id).where("status", "=", "PENDING"),
          ),
        { timeout: 10_000 },
      )
      .toBe(0);
    // Every event once: the shutdown caused no duplicate.
    expect(slow.received.map(eventIdOf).sort()).toEqual([...ids].sort());
  }, 120_000);

  it("cuts attempts whose receiver hangs, releases their claims at once, exits 0; the next worker delivers them", async () => {
    const world = await createMovementWorld(database.prisma);
    const hanging = await receiver("hang");
    const endpoint = await registerEndpoint(createEndpointRoute, world, hanging.url);
    const ids = await publishEvents(world, "movement.delivered", 3);

    const worker = startWorkerProcess();
    await hanging.waitFor(3, 60_000);
    expect(await terminate(worker)).toBe(0);
    // Released, not left to a lease: claimable again at once.
    expect(await claimedDeliveries(endpoint.id)).toBe(0);
    // The cut attempts are not counted against the receiver: none was recorded.
    expect(
      await countRows(database.kysely, "WebhookAttempt", (query) =>
        query.where("endpointId", "=", endpoint.id),
      ),
    ).toBe(0);

    hanging.setBehaviour(200);
    startWorkerProcess();
    await hanging.waitFor(6, 60_000);
    // The redeliveries are the same events.
    expect(new Set(hanging.received.slice(3).map(eventIdOf))).toEqual(new Set(ids));
    await expect
      .poll(
        () =>
          countRows(database.kysely, "WebhookDelivery", (query) =>
            query.where("endpointId", "=", endpoint.id).where("status", "=", "SUCCEEDED"),
          ),
        { timeout: 10_000 },
      )
      .toBe(3);
  }, 120_000);
});
