"use client";
// Across the whole screen once the live stream has been down for more than 10 s: people 3 m away must
// see that what they read may be stale, and since when. It goes by itself when the stream is back.
// The live region is always rendered, so that the banner's arrival is announced.
import { useEffect, useState } from "react";
import type { StreamState } from "@/components/live/use-event-stream";
import { useNow } from "@/components/kanban/use-live-board";
import { formatClock } from "@/components/workshop/clock-format";

export const OFFLINE_AFTER_MS = 10_000;

/** When the stream stopped being live (null while it is). */
function useDownSince(connection: StreamState): Date | null {
  const [downSince, setDownSince] = useState<Date | null>(null);
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- records the instant the state changed
    setDownSince((since) => (connection === "live" ? null : (since ?? new Date())));
  }, [connection]);
  return downSince;
}

export function OfflineBanner({
  connection,
  dataFrom,
  initialNow,
}: {
  connection: StreamState;
  /** The instant the board on show was read on the server. */
  dataFrom: string;
  initialNow: string;
}) {
  const downSince = useDownSince(connection);
  const now = useNow(initialNow, 1_000);
  const offline = downSince !== null && now.getTime() - downSince.getTime() > OFFLINE_AFTER_MS;
  return (
    <div role="status" className="empty:hidden" data-testid="offline-banner">
      {offline ? (
        <div className="fixed inset-x-0 top-1/3 z-10 border-y-4 border-amber-300 bg-amber-400 px-8 py-6 text-center text-slate-950 shadow-2xl">
          <p className="text-4xl font-bold">
            Offline since {formatClock(downSince)}, showing data from {formatClock(new Date(dataFrom))}
          </p>
          <p className="mt-2 text-xl font-medium">
            This screen reconnects by itself; changes made meanwhile appear once it is back.
          </p>
        </div>
      ) : null}
    </div>
  );
}
