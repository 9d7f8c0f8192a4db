// Publishes movement events through the transactional outbox (recordEvent: the event row and its
// deliveries in one transaction, as every domain change does) at a fixed rate, and records when each
// transaction committed. Rate 0 publishes as fast as `concurrency` transactions allow.
import { db } from "@/lib/db";
import { buildMovementEnvelope, WEBHOOK_EVENT_TYPES } from "@/lib/events/movement-envelope";
import { legForEnvelopeInclude } from "@/lib/events/record-movement-event";
import { recordEvent } from "@/lib/events/record-event";
import type { MovementWorld } from "@/lib/testing/movement-world";
import { createMovementRequest } from "@/prisma/factories/movement-request";

export type PublishedEvents = {
  /** eventId → Date.now() once its transaction had committed. */
  committedAt: Map<string, number>;
  seconds: number;
};

export async function publishEventsAtRate(
  world: MovementWorld,
  options: { count: number; perSecond: number; concurrency?: number },
): Promise<PublishedEvents> {
  const request = await createMovementRequest(db(), {
    organisationId: world.organisation.id,
    profileId: world.profile.id,
    originSiteId: world.sites.manchester.id,
    destinationSiteId: world.sites.leeds.id,
  });
  const leg = await db().movement.findFirstOrThrow({
    where: { movementRequestId: request.id },
    include: legForEnvelopeInclude,
  });
  const committedAt = new Map<string, number>();
  const publishOne = async (version: number) => {
    const type = WEBHOOK_EVENT_TYPES[version % WEBHOOK_EVENT_TYPES.length]!;
    const occurredAt = new Date();
    const { eventId, envelope } = buildMovementEnvelope({ eventType: type, request, leg, occurredAt });
    await db().$transaction((tx) =>
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
    committedAt.set(eventId, Date.now());
  };

  const concurrency = options.concurrency ?? 8;
  const started = performance.now();
  const inFlight = new Set<Promise<void>>();
  for (let version = 1; version <= options.count; version++) {
    // Open loop: each event has its due time; a slow commit does not push the later ones back.
    const wait =
      options.perSecond > 0 ? started + ((version - 1) / options.perSecond) * 1000 - performance.now() : 0;
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    while (inFlight.size >= concurrency) await Promise.race(inFlight);
    const publishing: Promise<void> = publishOne(version).finally(() => inFlight.delete(publishing));
    inFlight.add(publishing);
  }
  await Promise.all(inFlight);
  return { committedAt, seconds: (performance.now() - started) / 1000 };
}
