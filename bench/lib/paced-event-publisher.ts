// Publishes movement events through the transactional outbox (recordEvent: the event row and its
// deliveries in one transaction, as every domain change does) at a fixed rate, and records when each
// transaction committed. Rate 0 publishes as fast as `concurrency` transactions allow.
import { WEBHOOK_EVENT_TYPES } from "@/lib/events/movement-envelope";
import type { MovementWorld } from "@/test/movement-world";
import { movementForEvents, publishMovementEvent } from "@/test/webhook-world";

export type PublishedEvents = {
  /** eventId → Date.now() once its transaction had committed. */
  committedAt: Map<string, number>;
  seconds: number;
};

export async function publishEventsAtRate(
  world: MovementWorld,
  options: { count: number; perSecond: number; concurrency?: number },
): Promise<PublishedEvents> {
  const movement = await movementForEvents(world);
  const committedAt = new Map<string, number>();
  const publishOne = async (version: number) => {
    const type = WEBHOOK_EVENT_TYPES[version % WEBHOOK_EVENT_TYPES.length]!;
    const eventId = await publishMovementEvent(world, movement, type, version);
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
