// Server-Sent Events of an organisation's event stream, for the live board and kanban. Each message's
// id is the event's sequence number, so a client that reconnects with Last-Event-ID resumes exactly
// after the last event it saw. Woken by new events, including those written by another app instance or
// worker (the database's notifications, relayed while any stream is open); polls too, so a missed
// wake-up only delays.
import { kysely, sql } from "@/lib/db";
import { requireDatabaseUrl } from "@/lib/env";
import { onEventAnnounced, relayDatabaseNotifications } from "@/lib/events/event-wakeups";
import { trackOpenStream } from "@/lib/metrics/metrics";

export type StreamFilter = {
  organisationId: string;
  resourceTypes: string[];
  /** Only events of these types (default: every type of those resources). */
  types?: string[];
  /** Only events whose payload names this provider: a marketplace carrier's own awards. */
  providerId?: string;
  /** Each event's reference only (sequence, type, resource), never its payload: for outsiders. */
  referenceOnly?: boolean;
};

const BATCH = 200;
const POLL_MS = 2_000;
const HEARTBEAT_MS = 15_000;

export async function startingSequence(organisationId: string, lastEventId: string | null): Promise<bigint> {
  if (lastEventId && /^\d{1,19}$/.test(lastEventId)) return BigInt(lastEventId);
  const latest = await kysely()
    .selectFrom("Event")
    .select("sequence")
    .where("organisationId", "=", organisationId)
    .orderBy("sequence", "desc")
    .limit(1)
    .executeTakeFirst();
  return BigInt(latest?.sequence ?? 0);
}

export function organisationEventStream(
  filter: StreamFilter,
  after: bigint,
  signal: AbortSignal,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let last = after;
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      let wake: (() => void) | undefined;
      const closeTracked = trackOpenStream();
      // This process may run no worker (RUN_WORKER_IN_PROCESS=false), which would otherwise relay.
      const releaseRelay = relayDatabaseNotifications(requireDatabaseUrl());
      const stopListening = onEventAnnounced((wakeup) => {
        if (wakeup.organisationId === filter.organisationId) wake?.();
      });
      const heartbeat = setInterval(() => controller.enqueue(encoder.encode(": ping\n\n")), HEARTBEAT_MS);
      signal.addEventListener("abort", () => wake?.());
      // Tells the browser how long to wait before reconnecting.
      controller.enqueue(encoder.encode("retry: 1000\n\n"));
      try {
        while (!signal.aborted) {
          const events = await kysely()
            .selectFrom("Event")
            .select(["sequence", "type", "resourceType", "resourceId", "resourceVersion", "payload"])
            .where("organisationId", "=", filter.organisationId)
            .where("sequence", ">", last.toString())
            .where("resourceType", "in", filter.resourceTypes)
            .$if(filter.types !== undefined, (query) => query.where("type", "in", filter.types!))
            .$if(filter.providerId !== undefined, (query) =>
              query.where(sql<string>`"payload" -> 'provider' ->> 'id'`, "=", filter.providerId!),
            )
            .orderBy("sequence")
            .limit(BATCH)
            .execute();
          for (const event of events) {
            last = BigInt(event.sequence);
            const { payload, ...reference } = event;
            const data = JSON.stringify({
              ...reference,
              ...(filter.referenceOnly ? {} : { payload }),
            });
            controller.enqueue(
              encoder.encode(`id: ${event.sequence}\nevent: ${event.type}\ndata: ${data}\n\n`),
            );
          }
          if (events.length === BATCH) continue;
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, POLL_MS);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
        }
      } catch {
        // The database went away or the client left: the browser reconnects with Last-Event-ID.
      } finally {
        clearInterval(heartbeat);
        closeTracked();
        stopListening();
        void releaseRelay();
        controller.close();
      }
    },
  });
}

export function sseResponse(stream: ReadableStream<Uint8Array>): Response {
  return new Response(stream, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      connection: "keep-alive",
      "x-accel-buffering": "no",
    },
  });
}
