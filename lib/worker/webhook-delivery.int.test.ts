// The worker against real receivers on loopback: signatures an independent library verifies, the
// retry schedule, timeouts, isolation between endpoints, disabling with an e-mail on a real SMTP server,
// and resumption after re-enabling.
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PATCH as patchEndpointRoute } from "@/app/v1/webhooks/endpoints/[id]/route";
import { GET as eventsRoute } from "@/app/v1/movement-requests/events/route";
import { callRoute } from "@/test/call-route";
import { createMovementWorld, type MovementWorld } from "@/test/movement-world";
import { startSmtpSink } from "@/test/smtp-sink";
import { setupTestDatabase } from "@/test/test-database";
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from "@/test/webhook-receiver";
import { POST as createEndpointRoute } from "@/app/v1/webhooks/endpoints/route";
import { publishEvents, registerEndpoint } from "@/test/webhook-world";
import { startWorker, type RunningWorker } from "@/lib/worker/worker";
import { countRows } from "@/test/count-rows";

// Read by lib/env on first use, which comes later (in beforeAll).
const smtp = await startSmtpSink();
process.env.SMTP_URL = smtp.url;
process.env.WEBHOOK_RETRY_SCHEDULE = "0s,300ms,300ms";
process.env.WEBHOOK_TIMEOUT_MS = "1000";
process.env.WEBHOOK_DISABLE_AFTER = "1s";

const database = setupTestDatabase();
let worker: RunningWorker;
const receivers: WebhookReceiver[] = [];

beforeAll(async () => {
  worker = startWorker({ pollIntervalMs: 100, maintenanceIntervalMs: 300, perEndpoint: 4 });
});

afterAll(async () => {
  await worker.stop();
  await Promise.all(receivers.map((receiver) => receiver.close()));
  await smtp.close();
});

async function receiver(...args: Parameters<typeof startWebhookReceiver>) {
  const started = await startWebhookReceiver(...args);
  receivers.push(started);
  return started;
}

function eventIdOf(webhook: ReceivedWebhook): string {
  return webhook.headers["hook-id"] as string;
}

function verifiedBy(secret: string, webhook: ReceivedWebhook): unknown {
  return new Webhook(secret).verify(webhook.body, {
    "webhook-id": webhook.headers["hook-id"] as string,
    "webhook-timestamp": webhook.headers["hook-timestamp"] as string,
    "webhook-signature": webhook.headers["hook-signature"] as string,
  });
}

const attemptsOf = (eventId: string) =>
  database.kysely
    .selectFrom("WebhookAttempt")
    .innerJoin("WebhookDelivery", "WebhookDelivery.id", "WebhookAttempt.deliveryId")
    .selectAll("WebhookAttempt")
    .where("WebhookDelivery.eventId", "=", eventId)
    .orderBy("WebhookAttempt.attemptNumber")
    .execute();

describe("webhook delivery", () => {
  // Each test has a profile of its own, so that no other test's endpoints receive its events.
  let world: MovementWorld;
  beforeEach(async () => {
    world = await createMovementWorld(database.prisma);
  });

  it("delivers each event type, signed, to every subscribed endpoint, as the replay endpoint returns it", async () => {
    const all = await receiver(200);
    const deliveredOnly = await receiver(200);
    const allEndpoint = await registerEndpoint(createEndpointRoute, world, all.url);
    const deliveredEndpoint = await registerEndpoint(createEndpointRoute, world, deliveredOnly.url, [
      "movement.delivered",
    ]);

    const types = [
      "movement.collected",
      "movement.delivered",
      "movement.cancelled",
      "movement.aborted",
    ] as const;
    const ids = new Map<string, string>();
    for (const type of types) ids.set((await publishEvents(world, type))[0]!, type);

    await all.waitFor(4);
    await deliveredOnly.waitFor(1);
    const replay = await callRoute(eventsRoute, {
      path: "/v1/movement-requests/events",
      apiKey: world.integrationKey,
    });
    const replayText = await replay.text();

    for (const webhook of all.received) {
      expect(verifiedBy(allEndpoint.secret, webhook)).toMatchObject({ eventId: eventIdOf(webhook) });
      expect(JSON.parse(webhook.body)).toMatchObject({
        eventType: ids.get(eventIdOf(webhook)),
        schemaVersion: "1",
      });
      // Byte for byte what the replay endpoint returns.
      expect(replayText).toContain(webhook.body);
    }
    expect(new Set(all.received.map(eventIdOf))).toEqual(new Set(ids.keys()));
    expect(deliveredOnly.received.map((webhook) => JSON.parse(webhook.body).eventType)).toEqual([
      "movement.delivered",
    ]);
    expect(verifiedBy(deliveredEndpoint.secret, deliveredOnly.received[0]!)).toBeTruthy();
  });

  it("retries a receiver answering 500 with the same eventId, and stops at the first 2xx", async () => {
    const flaky = await receiver((_request, index) => (index < 2 ? 500 : 200));
    await registerEndpoint(createEndpointRoute, world, flaky.url);
    const [eventId] = await publishEvents(world, "movement.collected");
    await flaky.waitFor(3);
    expect(flaky.received.map(eventIdOf)).toEqual([eventId, eventId, eventId]);
    await new Promise((resolve) => setTimeout(resolve, 1_000)); // a fourth attempt would be due by now
    expect(flaky.received).toHaveLength(3);
    const attempts = await attemptsOf(eventId!);
    expect(attempts.map((attempt) => [attempt.responseStatus, attempt.succeeded])).toEqual([
      [500, false],
      [500, false],
      [200, true],
    ]);
    const delivery = await database.kysely
      .selectFrom("WebhookDelivery")
      .selectAll()
      .where("eventId", "=", eventId!)
      .executeTakeFirstOrThrow();
    expect(delivery).toMatchObject({ status: "SUCCEEDED", attemptCount: 3 });
  });

  it("never retries a delivery that got a 2xx", async () => {
    const happy = await receiver(204);
    await registerEndpoint(createEndpointRoute, world, happy.url);
    const [eventId] = await publishEvents(world, "movement.delivered");
    await happy.waitFor(1);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(happy.received.map(eventIdOf)).toEqual([eventId]);
  });

  it("cuts a receiver that hangs at the timeout and retries it", async () => {
    const slow = await receiver((_request, index) => (index === 0 ? "hang" : 200));
    await registerEndpoint(createEndpointRoute, world, slow.url);
    const [eventId] = await publishEvents(world, "movement.aborted");
    await slow.waitFor(2);
    await expect.poll(async () => (await attemptsOf(eventId!)).length, { timeout: 5_000 }).toBe(2);
    const [first, second] = await attemptsOf(eventId!);
    expect(first).toMatchObject({ succeeded: false, responseStatus: null });
    expect(first?.error).toMatch(/timed out/);
    expect(second).toMatchObject({ succeeded: true, responseStatus: 200 });
  });

  it("treats a redirect as a failure and does not follow it", async () => {
    const target = await receiver(200);
    const redirecting = await receiver(302);
    await registerEndpoint(createEndpointRoute, world, redirecting.url);
    const [eventId] = await publishEvents(world, "movement.collected");
    await expect.poll(async () => (await attemptsOf(eventId!)).length, { timeout: 5_000 }).toBeGreaterThan(0);
    const [first] = await attemptsOf(eventId!);
    expect(first).toMatchObject({ succeeded: false, responseStatus: 302 });
    expect(target.received).toHaveLength(0);
  });
});

describe("one endpoint's trouble does not hold up another's", () => {
  it("delivers everything to a healthy endpoint while another one hangs", async () => {
    const world = await createMovementWorld(database.prisma);
    const hanging = await receiver("hang");
    const healthy = await receiver(200);
    const hangingEndpoint = await registerEndpoint(createEndpointRoute, world, hanging.url);
    await registerEndpoint(createEndpointRoute, world, healthy.url);
    const ids = await publishEvents(world, "movement.collected", 20);
    await healthy.waitFor(20);
    expect(new Set(healthy.received.map(eventIdOf))).toEqual(new Set(ids));
    // Meanwhile the hanging endpoint claims no more than twice its share (4) of the worker's slots: the
    // rest wait in the worker for one of its 4 (endpoint-gate.test.ts).
    const claimed = await countRows(database.kysely, "WebhookDelivery", (query) =>
      query
        .where("endpointId", "=", hangingEndpoint.id)
        .where("status", "=", "PENDING")
        .where("lockedUntil", ">", new Date()),
    );
    expect(claimed).toBeLessThanOrEqual(8);
    expect(hanging.received.length).toBeGreaterThan(0);
  });
});

describe("disabling after sustained failure", () => {
  it("disables the endpoint, e-mails the profile's owner, shows a notice; re-enabling resumes delivery", async () => {
    const world = await createMovementWorld(database.prisma);
    const broken = await receiver(500);
    const endpoint = await registerEndpoint(createEndpointRoute, world, broken.url);
    const [first] = await publishEvents(world, "movement.collected");

    await expect
      .poll(
        async () =>
          (
            await database.kysely
              .selectFrom("WebhookEndpoint")
              .selectAll()
              .where("id", "=", endpoint.id)
              .executeTakeFirstOrThrow()
          ).enabled,
        {
          timeout: 15_000,
        },
      )
      .toBe(false);
    const failed = await database.kysely
      .selectFrom("WebhookDelivery")
      .selectAll()
      .where("eventId", "=", first!)
      .executeTakeFirstOrThrow();
    expect(failed.status).toBe("FAILED");
    const notice = await database.kysely
      .selectFrom("Notice")
      .selectAll()
      .where("organisationId", "=", world.organisation.id)
      .executeTakeFirst()
      .then((row) => row ?? null);
    expect(notice?.kind).toBe("webhook_endpoint_disabled");
    await expect
      .poll(() => smtp.received.some((email) => email.to.includes(world.profile.ownerEmail)), {
        timeout: 10_000,
      })
      .toBe(true);
    const email = smtp.received.find((message) => message.to.includes(world.profile.ownerEmail))!;
    expect(email.raw).toContain(broken.url);

    // While disabled, new events wait; re-enabled (and fixed), they are delivered.
    const attemptsBefore = broken.received.length;
    const [waiting] = await publishEvents(world, "movement.delivered");
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(broken.received).toHaveLength(attemptsBefore);
    broken.setBehaviour(200);
    const response = await callRoute(patchEndpointRoute, {
      method: "PATCH",
      path: `/v1/webhooks/endpoints/${endpoint.id}`,
      apiKey: world.integrationKey,
      body: { enabled: true },
      params: { id: endpoint.id },
    });
    expect(response.status).toBe(200);
    await expect
      .poll(() => broken.received.some((webhook) => eventIdOf(webhook) === waiting), { timeout: 10_000 })
      .toBe(true);
  }, 40_000);
});
