// Redeliver from the attempt log: a finished delivery gets a new one (its history kept), a waiting one
// is brought forward, never two at once; only the caller's endpoints.
import { beforeEach, describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors/app-error";
import { createMovementWorld, type MovementWorld } from "@/test/movement-world";
import { setupTestDatabase } from "@/test/test-database";
import { POST as createEndpointRoute } from "@/app/v1/webhooks/endpoints/route";
import { registerEndpoint } from "@/test/webhook-world";
import { redeliverWebhookDelivery } from "@/lib/webhooks/redeliver";
import { seedDeliveryWithAttempts, seedWebhookEvent } from "@/test/webhook-rows";
import { updateWebhookEndpoint } from "@/lib/webhooks/update-endpoint";
import { countRows } from "@/test/count-rows";

const database = setupTestDatabase();
let world: MovementWorld;
let endpointId: string;
const scope = () => ({ profileId: world.profile.id });
const HOUR = 3_600_000;

beforeEach(async () => {
  world = await createMovementWorld(database.prisma);
  // Not delivered by anyone: no worker runs in this file.
  endpointId = (await registerEndpoint(createEndpointRoute, world, "https://93.184.215.14/hook")).id;
});

async function failedDelivery() {
  const event = await seedWebhookEvent(database.kysely, world, {
    type: "movement.collected",
    occurredAt: new Date(),
  });
  const { delivery } = await seedDeliveryWithAttempts(database.kysely, {
    endpointId,
    eventId: event.id,
    attemptedAt: [new Date(Date.now() - 2 * HOUR), new Date(Date.now() - HOUR)],
  });
  return { event, delivery };
}

describe("redeliverWebhookDelivery", () => {
  it("queues a new delivery of a finished one's event, due now, keeping the old one and its attempts", async () => {
    const { event, delivery } = await failedDelivery();
    const before = Date.now();
    const result = await redeliverWebhookDelivery(scope(), endpointId, delivery.id);
    expect(result).toMatchObject({ outcome: "queued", endpointEnabled: true });
    expect(result.deliveryId).not.toBe(delivery.id);
    const fresh = await database.kysely
      .selectFrom("WebhookDelivery")
      .selectAll()
      .where("id", "=", result.deliveryId)
      .executeTakeFirstOrThrow();
    expect(fresh).toMatchObject({ eventId: event.id, endpointId, status: "PENDING", attemptCount: 0 });
    expect(fresh.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(fresh.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const old = await database.kysely
      .selectFrom("WebhookDelivery")
      .selectAll()
      .where("id", "=", delivery.id)
      .executeTakeFirstOrThrow();
    expect(old).toMatchObject({ status: "FAILED", attemptCount: 2 });
    expect(
      await countRows(database.kysely, "WebhookAttempt", (query) =>
        query.where("deliveryId", "=", delivery.id),
      ),
    ).toBe(2);
  });

  it("never queues the event twice: a second redelivery brings the waiting one forward", async () => {
    const { event, delivery } = await failedDelivery();
    const first = await redeliverWebhookDelivery(scope(), endpointId, delivery.id);
    await database.kysely
      .updateTable("WebhookDelivery")
      .set({ nextAttemptAt: new Date(Date.now() + 5 * HOUR), attemptCount: 3 })
      .where("id", "=", first.deliveryId)
      .returningAll()
      .executeTakeFirstOrThrow();
    const second = await redeliverWebhookDelivery(scope(), endpointId, delivery.id);
    expect(second).toMatchObject({ outcome: "due-now", deliveryId: first.deliveryId });
    const waiting = await database.kysely
      .selectFrom("WebhookDelivery")
      .selectAll()
      .where("id", "=", first.deliveryId)
      .executeTakeFirstOrThrow();
    expect(waiting.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(waiting.attemptCount).toBe(3);
    expect(
      await countRows(database.kysely, "WebhookDelivery", (query) =>
        query.where("eventId", "=", event.id).where("status", "=", "PENDING"),
      ),
    ).toBe(1);
  });

  it("leaves a delivery a worker is sending alone", async () => {
    const { delivery } = await failedDelivery();
    const first = await redeliverWebhookDelivery(scope(), endpointId, delivery.id);
    await database.kysely
      .updateTable("WebhookDelivery")
      .set({ lockedUntil: new Date(Date.now() + 30_000), lockedBy: "someone" })
      .where("id", "=", first.deliveryId)
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(await redeliverWebhookDelivery(scope(), endpointId, delivery.id)).toMatchObject({
      outcome: "in-flight",
      deliveryId: first.deliveryId,
    });
  });

  it("says when the endpoint is disabled (the delivery waits for it)", async () => {
    const { delivery } = await failedDelivery();
    await updateWebhookEndpoint(scope(), endpointId, { enabled: false });
    expect(await redeliverWebhookDelivery(scope(), endpointId, delivery.id)).toMatchObject({
      outcome: "queued",
      endpointEnabled: false,
    });
  });

  it("refuses another profile's endpoint, and a delivery of another endpoint", async () => {
    const { delivery } = await failedDelivery();
    const other = await createMovementWorld(database.prisma);
    const otherEndpoint = (await registerEndpoint(createEndpointRoute, other, "https://93.184.215.14/hook"))
      .id;
    const codeOf = async (work: Promise<unknown>) => {
      const error = await work.then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(AppError);
      return (error as AppError).code;
    };
    expect(
      await codeOf(redeliverWebhookDelivery({ profileId: other.profile.id }, endpointId, delivery.id)),
    ).toBe("WEBHOOK_ENDPOINT_NOT_FOUND");
    expect(
      await codeOf(redeliverWebhookDelivery({ profileId: other.profile.id }, otherEndpoint, delivery.id)),
    ).toBe("NOT_FOUND");
    expect(
      await countRows(database.kysely, "WebhookDelivery", (query) =>
        query.where("endpointId", "=", otherEndpoint),
      ),
    ).toBe(0);
  });
});
