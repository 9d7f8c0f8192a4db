// Worker processes, really started and really killed: two side by side never claim the same delivery,
// and one killed with SIGKILL in the middle of a batch loses nothing once another takes over. (SIGTERM:
// worker-shutdown.int.test.ts; many kills: worker-chaos.int.test.ts.)
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
    worker.child.kill("SIGKILL");
    await worker.exited;
  }
  await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
});

function startWorkerProcess() {
  const worker = spawnWorkerProcess({ DATABASE_URL: database.url, WEBHOOK_TIMEOUT_MS: "1000" });
  running.push(worker);
  return worker;
}

const eventIdsReceived = (receiver: WebhookReceiver) =>
  receiver.received.map((webhook) => webhook.headers["hook-id"]);

describe("worker processes", () => {
  it("two workers at once never deliver the same attempt twice", async () => {
    const world = await createMovementWorld(database.prisma);
    const receiver = await startWebhookReceiver(200);
    receivers.push(receiver);
    await registerEndpoint(createEndpointRoute, world, receiver.url);
    const ids = await publishEvents(world, "movement.collected", 150);

    startWorkerProcess();
    startWorkerProcess();
    await receiver.waitFor(150, 60_000);
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // room for a double delivery to show

    expect(eventIdsReceived(receiver).sort()).toEqual([...ids].sort());
    const attempts = await database.kysely
      .selectFrom("WebhookAttempt")
      .select((eb) => ["deliveryId", eb.fn.countAll<string>().as("count")])
      .groupBy("deliveryId")
      .execute();
    expect(attempts.every((group) => Number(group.count) === 1)).toBe(true);
    expect(attempts).toHaveLength(150);
  }, 120_000);

  it("a worker killed mid-batch loses nothing: another delivers every event at least once", async () => {
    const world = await createMovementWorld(database.prisma);
    const receiver = await startWebhookReceiver(200, { delayMs: 30 });
    receivers.push(receiver);
    await registerEndpoint(createEndpointRoute, world, receiver.url);
    const ids = await publishEvents(world, "movement.delivered", 200);

    const doomed = startWorkerProcess();
    await receiver.waitFor(40, 60_000);
    doomed.child.kill("SIGKILL");
    await doomed.exited;
    const beforeRestart = receiver.received.length;
    expect(beforeRestart).toBeLessThan(200);

    startWorkerProcess();
    await expect
      .poll(() => new Set(eventIdsReceived(receiver)).size, { timeout: 90_000, interval: 250 })
      .toBe(200);
    expect(new Set(eventIdsReceived(receiver))).toEqual(new Set(ids));
    // A duplicate is the same event: its hook-id is the envelope's eventId.
    for (const webhook of receiver.received) {
      expect(JSON.parse(webhook.body).eventId).toBe(webhook.headers["hook-id"]);
    }
    await expect
      .poll(
        () => countRows(database.kysely, "WebhookDelivery", (query) => query.where("status", "=", "PENDING")),
        {
          timeout: 30_000,
        },
      )
      .toBe(0);
  }, 180_000);
});
