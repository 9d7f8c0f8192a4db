"use client";
// Live board: the organisation's event stream (SSE) makes the page re-render on the server within
// moments of a change made anywhere (API, operations, another dispatcher), without a reload.
//
// - It starts after the sequence the page was rendered at, so nothing between render and connect is lost.
// - Bursts are folded: one refresh per 200 ms at most, and never two at once.
// - A changed row is highlighted for a moment.
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, useTransition } from "react";
import { useEventStream, type StreamMessage } from "@/components/live/use-event-stream";

const DEBOUNCE_MS = 200;
/** A blip shorter than this shows no "reconnecting". */
const TROUBLE_AFTER_MS = 2_000;
/** How long a changed row stays highlighted. */
const FLASH_MS = 2_500;

type StreamEvent = { resourceType?: string; resourceId?: string; payload?: { movementRequestId?: unknown } };

/** The event types of movement requests and their legs (lib/events, lib/movement-requests). */
const EVENT_TYPES = [
  "movement_request.created",
  "movement_request.updated",
  "movement_request.status_changed",
  "movement_request.offered",
  "movement_request.priced",
  "movement_request.at_risk",
  "movement_request.back_on_track",
  "movement.collected",
  "movement.delivered",
  "movement.cancelled",
  "movement.aborted",
];

/** The request a stream message is about, if it says. */
function requestIdOf(message: StreamMessage): string | undefined {
  try {
    const data = JSON.parse(message.data) as StreamEvent;
    if (data.resourceType === "movement_request") return data.resourceId;
    return typeof data.payload?.movementRequestId === "string" ? data.payload.movementRequestId : undefined;
  } catch {
    return undefined; // Not ours to read: still a change.
  }
}

export function useLiveUpdates(options: { streamUrl: string; since: string }) {
  const router = useRouter();
  const [, startTransition] = useTransition();
  const [changed, setChanged] = useState<ReadonlySet<string>>(new Set());
  const debounce = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const flashes = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const timers = flashes.current;
    return () => {
      clearTimeout(debounce.current);
      for (const timer of timers.values()) clearTimeout(timer);
    };
  }, []);

  const flash = (requestId: string) => {
    clearTimeout(flashes.current.get(requestId));
    setChanged((ids) => new Set(ids).add(requestId));
    flashes.current.set(
      requestId,
      setTimeout(() => {
        flashes.current.delete(requestId);
        setChanged((ids) => {
          const next = new Set(ids);
          next.delete(requestId);
          return next;
        });
      }, FLASH_MS),
    );
  };

  const { state } = useEventStream({
    url: options.streamUrl,
    lastEventId: options.since,
    eventTypes: EVENT_TYPES,
    lostAfterMs: TROUBLE_AFTER_MS,
    onEvent: (message) => {
      const requestId = requestIdOf(message);
      if (requestId) flash(requestId);
      if (debounce.current) return;
      debounce.current = setTimeout(() => {
        debounce.current = undefined;
        startTransition(() => router.refresh());
      }, DEBOUNCE_MS);
    },
  });

  return { state, changed };
}
