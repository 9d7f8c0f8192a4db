// Fan-out of a published event: which of the profile's endpoints get a delivery of it. recordEvent
// writes the deliveries with the event, in the transaction of the change (transactional outbox).
// Disabled endpoints get theirs too: the worker skips them, and re-enabling resumes them.
import type { Prisma } from "@/lib/generated/prisma/client";

export type EventToDeliver = { profileId: string; type: string };

/** The profile's endpoints subscribed to the event's type (their eventTypes include it, or are empty). */
export async function subscribedEndpointIds(
  tx: Prisma.TransactionClient,
  event: EventToDeliver,
): Promise<string[]> {
  // Raw: recordEvent runs on every change, and Prisma compiles each ORM query anew (docs/performance.md).
  const endpoints = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM "WebhookEndpoint"
    WHERE "profileId" = ${event.profileId}
      AND (cardinality("eventTypes") = 0 OR ${event.type} = ANY("eventTypes"))
    ORDER BY id`;
  return endpoints.map((endpoint) => endpoint.id);
}
