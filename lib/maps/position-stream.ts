// The live map's wake-ups (Server-Sent Events): recordPositions sends pg_notify('vehicle_positions',
// organisationId) when a batch of positions commits; this stream tells an open map of that organisation
// so that it reads its vehicles again (docs/maps.md). It carries no position itself: the map's own
// request applies the board's filters and tenancy, and a burst of batches costs one read.
import { onNotification, relayDatabaseNotifications } from "@/lib/events/event-wakeups";
import { requireDatabaseUrl } from "@/lib/env";
import { trackOpenStream } from "@/lib/metrics/metrics";
import { POSITIONS_CHANNEL } from "@/lib/positions/record-positions";
/** At most one message per this many ms: a map redraws no faster, and a fleet reports every few seconds. */
const THROTTLE_MS = 1_000;
const HEARTBEAT_MS = 15_000;

export function positionStream(organisationId: string, signal: AbortSignal): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const closeTracked = trackOpenStream();
      const releaseRelay = relayDatabaseNotifications(requireDatabaseUrl(), POSITIONS_CHANNEL);
      let pending: ReturnType<typeof setTimeout> | undefined;
      const send = (text: string) => {
        if (!signal.aborted) controller.enqueue(encoder.encode(text));
      };
      const stopListening = onNotification(POSITIONS_CHANNEL, (notified) => {
        if (notified !== organisationId || pending) return;
        pending = setTimeout(() => {
          pending = undefined;
          send("event: positions\ndata: {}\n\n");
        }, THROTTLE_MS);
      });
      const heartbeat = setInterval(() => send(": ping\n\n"), HEARTBEAT_MS);
      send("retry: 1000\n\n");
      signal.addEventListener(
        "abort",
        () => {
          clearTimeout(pending);
          clearInterval(heartbeat);
          stopListening();
          closeTracked();
          void releaseRelay();
          controller.close();
        },
        { once: true },
      );
    },
  });
}
