"use client";
// Keeps the carrier's jobs page current: on each award of a job to this carrier (the page's live
// stream), and on every (re)connection for what happened while it was away, the page's server data is
// fetched again. Says so when the connection is lost, as the board does.
import { useRouter } from "next/navigation";
import { useEventStream } from "@/components/live/use-event-stream";
import { MARKETPLACE_AWARDED_EVENT } from "@/lib/marketplace/event-types";

const EVENT_TYPES = [MARKETPLACE_AWARDED_EVENT] as const;

export function CarrierJobsLive() {
  const router = useRouter();
  const { state } = useEventStream({
    url: "/carrier/jobs/stream",
    eventTypes: EVENT_TYPES,
    lostAfterMs: 5_000,
    onEvent: () => router.refresh(),
    onOpen: () => router.refresh(),
  });
  return (
    <p role="status" data-testid="live-state" data-state={state} className="text-sm text-slate-600">
      {state === "lost" ? "Offline: this page updates again when the connection is back." : null}
    </p>
  );
}
