// Webhook endpoints registered through the API, and events published through the outbox, for the
// worker's tests.
import { kysely, transaction } from "@/lib/db";
import {
  buildMovementEnvelope,
  type SubscribableEventType,
  type WebhookEventType,
} from "@/lib/events/movement-envelope";
import { readCurrentLegForEnvelope } from "@/lib/movement-requests/record-movement-event";
import { recordEvent } from "@/lib/events/record-event";
import { callRoute, type RouteHandler } from "@/test/call-route";
import type { MovementWorld } from "@/test/movement-world";
import { createMovementRequest } from "@/prisma/factories/movement-request";

/** Registers an endpoint through POST /v1/webhooks/endpoints, whose handler the caller passes. */
export async function registerEndpoint(
  createEndpointRoute: RouteHandler,
  world: MovementWorld,
  url: string,
  eventTypes?: SubscribableEventType[],
) {
  const response = await callRoute(createEndpointRoute, {
    method: "POST",
    path: "/v1/webhooks/endpoints",
    apiKey: world.integrationKey,
    body: { url, ...(eventTypes ? { eventTypes } : {}) },
  });
  if (response.status !== 201) throw new Error(`endpoint not created: ${await response.text()}`);
  return (await response.json()) as { id: string; secret: string };
}

/** A movement of the world to publish events about. */
export async function movementForEvents(world: MovementWorld) {
  const request = await createMovementRequest(world.factoryDb, {
    organisationId: world.organisation.id,
    profileId: world.profile.id,
    originSiteId: world.sites.manchester.id,
    destinationSiteId: world.sites.leeds.id,
  });
  const leg = await readCurrentLegForEnvelope(kysely(), request.id);
  return { request, leg };
}

/** Publishes one event about the movement through the outbox, in its own transaction; its id. */
export async function publishMovementEvent(
  world: MovementWorld,
  movement: Awaited<ReturnType<typeof movementForEvents>>,
  type: WebhookEventType,
  version: number,
): Promise<string> {
  const { request, leg } = movement;
  const occurredAt = new Date();
  const { eventId, envelope } = buildMovementEnvelope({ eventType: type, request, leg, occurredAt });
  await transaction((tx) =>
    recordEvent(tx, {
      id: eventId,
      organisationId: world.organisation.id,
      profileId: world.profile.id,
      type,
      resourceType: "movement",
      resourceId: leg.id,
      resourceVersion: version,
      occurredAt,
      payload: {},
      envelope,
    }),
  );
  return eventId;
}

/** Publishes `count` events of a type for one movement of the world, each in its own transaction. */
export async function publishEvents(
  world: MovementWorld,
  type: WebhookEventType,
  count = 1,
): Promise<string[]> {
  const movement = await movementForEvents(world);
  const ids: string[] = [];
  for (let version = 1; version <= count; version++) {
    ids.push(await publishMovementEvent(world, movement, type, version));
  }
  return ids;
}
