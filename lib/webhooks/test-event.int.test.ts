// "Send a test event": one signed delivery of a synthetic envelope to the chosen endpoint only, of the
// published envelope shape, kept out of every replay.
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GET as eventsRoute } from "@/app/v1/movement-requests/events/route";
import {
  movementAtRiskEnvelopeSchema,
  movementEtaChangedEnvelopeSchema,
  webhookEnvelopeSchema,
} from "@/lib/events/envelope-schema";
import { AppError } from "@/lib/errors/app-error";
import { callRoute } from "@/test/call-route";
import { createMovementWorld, type MovementWorld } from "@/test/movement-world";
import { setupTestDatabase } from "@/test/test-database";
import { startWebhookReceiver, type WebhookReceiver } from "@/test/webhook-receiver";
import { POST as createEndpointRoute } from "@/app/v1/webhooks/endpoints/route";
import { publishEvents, registerEndpoint } from "@/test/webhook-world";
import { replayWebhookEvents } from "@/lib/webhooks/replay-events";
import {
  buildTestEnvelope,
  defaultTestEventType,
  sendWebhookTestEvent,
  TEST_EVENT_NOTE,
  TEST_EVENT_REFERENCE,
  testEventIdsAmong,
  WEBHOOK_TEST_RESOURCE_TYPE,
} from "@/lib/webhooks/test-event";
import { updateWebhookEndpoint } from "@/lib/webhooks/update-endpoint";
import { startWorker, type RunningWorker } from "@/lib/worker/worker";
import { countRows } from "@/test/count-rows";
import {
  estimateAwaitingApprovalEnvelopeSchema,
  workItemChangedEnvelopeSchema,
} from "@/lib/recon/webhook-envelopes";

const database = setupTestDatabase();
let worker: RunningWorker;
const receivers: WebhookReceiver[] = [];
let world: MovementWorld;

beforeAll(async () => {
  worker = startWorker({ pollIntervalMs: 100, maintenanceIntervalMs: 60_000 });
});

afterAll(async () => {
  await worker.stop();
  await Promise.all(receivers.map((receiver) => receiver.close()));
});

beforeEach(async () => {
  world = await createMovementWorld(database.prisma);
});

async function receiver() {
  const started = await startWebhookReceiver(200);
  receivers.push(started);
  return started;
}

async function appErrorOf(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("sendWebhookTestEvent", () => {
  it("delivers one signed, schema-valid, clearly marked envelope to that endpoint only", async () => {
    const target = await receiver();
    const bystander = await receiver();
    const endpoint = await registerEndpoint(createEndpointRoute, world, target.url);
    await registerEndpoint(createEndpointRoute, world, bystander.url);

    const sent = await sendWebhookTestEvent({ profileId: world.profile.id }, endpoint.id);
    expect(sent.eventType).toBe("movement.collected");
    const [webhook] = await target.waitFor(1);
    const verified = new Webhook(endpoint.secret).verify(webhook!.body, {
      "webhook-id": webhook!.headers["hook-id"] as string,
      "webhook-timestamp": webhook!.headers["hook-timestamp"] as string,
      "webhook-signature": webhook!.headers["hook-signature"] as string,
    });
    expect(webhook!.headers["hook-id"]).toBe(sent.eventId);
    const envelope = webhookEnvelopeSchema.parse(verified);
    expect(envelope).toMatchObject({
      eventId: sent.eventId,
      eventType: "movement.collected",
      reference: TEST_EVENT_REFERENCE,
      movement: { id: expect.stringMatching(/^test_/), status: "IN_PROGRESS" },
    });

    await expect
      .poll(() =>
        countRows(database.kysely, "WebhookAttempt", (query) => query.where("endpointId", "=", endpoint.id)),
      )
      .toBe(1);
    const attempt = await database.kysely
      .selectFrom("WebhookAttempt")
      .selectAll()
      .where("endpointId", "=", endpoint.id)
      .executeTakeFirstOrThrow();
    expect(attempt).toMatchObject({ succeeded: true, responseStatus: 200 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(bystander.received).toHaveLength(0);
    expect(
      await countRows(database.kysely, "WebhookDelivery", (query) =>
        query.where("eventId", "=", sent.eventId),
      ),
    ).toBe(1);
    expect(await testEventIdsAmong([sent.eventId, "01JD8Y3QK2V7R4W9X6T5B1N0MC"])).toEqual(
      new Set([sent.eventId]),
    );
  });

  it("records the event under its own resource type, which the live UI's stream never asks for", async () => {
    const endpoint = await registerEndpoint(createEndpointRoute, world, "https://93.184.215.14/hook");
    const sent = await sendWebhookTestEvent({ profileId: world.profile.id }, endpoint.id);
    const event = await database.kysely
      .selectFrom("Event")
      .selectAll()
      .where("id", "=", sent.eventId)
      .executeTakeFirstOrThrow();
    expect(event).toMatchObject({
      resourceType: WEBHOOK_TEST_RESOURCE_TYPE,
      organisationId: world.organisation.id,
      profileId: world.profile.id,
      type: "movement.collected",
    });
  });

  it("sends a type the endpoint subscribes to", async () => {
    const endpoint = await registerEndpoint(createEndpointRoute, world, "https://93.184.215.14/hook", [
      "movement.aborted",
    ]);
    const sent = await sendWebhookTestEvent({ profileId: world.profile.id }, endpoint.id);
    expect(sent.eventType).toBe("movement.aborted");
    const error = await appErrorOf(
      sendWebhookTestEvent({ profileId: world.profile.id }, endpoint.id, { eventType: "movement.delivered" }),
    );
    expect(error.code).toBe("VALIDATION_ERROR");
  });

  it("refuses a disabled endpoint (the test would wait for it) and another profile's endpoint", async () => {
    const endpoint = await registerEndpoint(createEndpointRoute, world, "https://93.184.215.14/hook");
    await updateWebhookEndpoint({ profileId: world.profile.id }, endpoint.id, { enabled: false });
    expect((await appErrorOf(sendWebhookTestEvent({ profileId: world.profile.id }, endpoint.id))).code).toBe(
      "VALIDATION_ERROR",
    );
    const other = await createMovementWorld(database.prisma);
    expect((await appErrorOf(sendWebhookTestEvent({ profileId: other.profile.id }, endpoint.id))).code).toBe(
      "WEBHOOK_ENDPOINT_NOT_FOUND",
    );
    expect(
      await countRows(database.kysely, "Event", (query) => query.where("profileId", "=", other.profile.id)),
    ).toBe(0);
  });

  it("keeps test events out of GET /v1/movement-requests/events", async () => {
    const endpoint = await registerEndpoint(createEndpointRoute, world, "https://93.184.215.14/hook");
    const [real] = await publishEvents(world, "movement.delivered");
    const sent = await sendWebhookTestEvent({ profileId: world.profile.id }, endpoint.id);
    const response = await callRoute(eventsRoute, {
      path: "/v1/movement-requests/events",
      apiKey: world.integrationKey,
    });
    const body = (await response.json()) as { data: { eventId: string }[] };
    expect(body.data.map((event) => event.eventId)).toEqual([real]);
    expect(JSON.stringify(body)).not.toContain(sent.eventId);
  });

  it("keeps test events out of the endpoint replay", async () => {
    const endpoint = await registerEndpoint(createEndpointRoute, world, "https://93.184.215.14/hook");
    const since = new Date(Date.now() - 60_000);
    await sendWebhookTestEvent({ profileId: world.profile.id }, endpoint.id);
    await publishEvents(world, "movement.delivered");
    // Both were delivered; a replay sends again what was published since — the real event only.
    await database.kysely
      .updateTable("WebhookDelivery")
      .set({ status: "SUCCEEDED" })
      .where("endpointId", "=", endpoint.id)
      .execute();
    const { replayed } = await replayWebhookEvents({ profileId: world.profile.id }, endpoint.id, since);
    expect(replayed).toBe(1);
  });
});

describe("the test envelope", () => {
  it.each(["movement.collected", "movement.delivered", "movement.cancelled", "movement.aborted"] as const)(
    "%s is of the published shape",
    (eventType) => {
      const text = buildTestEnvelope({
        eventId: "01JD8Y3QK2V7R4W9X6T5B1N0MC",
        eventType,
        movementId: "test_01JD8Y3QK2V7R4W9X6T5B1N0MD",
        occurredAt: new Date("2026-11-21T09:30:00.000Z"),
      });
      expect(webhookEnvelopeSchema.safeParse(JSON.parse(text)).success).toBe(true);
    },
  );

  it("of movement.at_risk is of that extension's shape", () => {
    const text = buildTestEnvelope({
      eventId: "01JD8Y3QK2V7R4W9X6T5B1N0MC",
      eventType: "movement.at_risk",
      movementId: "test_01JD8Y3QK2V7R4W9X6T5B1N0MD",
      occurredAt: new Date("2026-11-21T09:30:00.000Z"),
    });
    expect(movementAtRiskEnvelopeSchema.parse(JSON.parse(text))).toMatchObject({
      movement: { status: "OPEN" },
      risk: { atRisk: true },
    });
  });

  it("of movement.eta_changed is of that extension's shape", () => {
    const text = buildTestEnvelope({
      eventId: "01JD8Y3QK2V7R4W9X6T5B1N0MC",
      eventType: "movement.eta_changed",
      movementId: "test_01JD8Y3QK2V7R4W9X6T5B1N0MD",
      occurredAt: new Date("2026-11-21T09:30:00.000Z"),
    });
    expect(movementEtaChangedEnvelopeSchema.parse(JSON.parse(text))).toMatchObject({
      movement: { status: "IN_PROGRESS" },
      estimatedArrival: { basis: "POSITION", earliest: "2026-11-21T15:30:00.000+00:00" },
    });
  });

  it.each([
    ["prep_job.work_item_changed", workItemChangedEnvelopeSchema],
    ["prep_job.estimate_awaiting_approval", estimateAwaitingApprovalEnvelopeSchema],
  ] as const)("of %s is a synthetic work item of that extension's shape", async (eventType, schema) => {
    const endpoint = await registerEndpoint(createEndpointRoute, world, "https://93.184.215.14/hook", [
      eventType,
    ]);
    const sent = await sendWebhookTestEvent({ profileId: world.profile.id }, endpoint.id);
    expect(sent.eventType).toBe(eventType);
    const event = await database.kysely
      .selectFrom("Event")
      .select(["envelope", "resourceType"])
      .where("id", "=", sent.eventId)
      .executeTakeFirstOrThrow();
    expect(event.resourceType).toBe(WEBHOOK_TEST_RESOURCE_TYPE);
    expect(schema.parse(JSON.parse(event.envelope ?? "null"))).toMatchObject({
      eventId: sent.eventId,
      workItem: { description: TEST_EVENT_NOTE },
    });
  });

  it("defaults to movement.collected, else the endpoint's first subscribed type", () => {
    expect(defaultTestEventType([])).toBe("movement.collected");
    expect(defaultTestEventType(["movement.at_risk"])).toBe("movement.at_risk");
    expect(defaultTestEventType(["movement.delivered", "movement.collected"])).toBe("movement.collected");
    expect(defaultTestEventType(["movement.aborted", "movement.delivered"])).toBe("movement.delivered");
  });
});
