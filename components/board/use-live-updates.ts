"use client";
// Live board: the organisation's event stream (SSE) makes the page re-render on the server within
// moments of a change made anywhere (API, operations, another dispatcher), without a reload.
//
// - It starts after the sequence the page was rendered at, so nothing between render and connect is lost.
// - The browser reconnects a dropped stream itself, sending Last-Event-ID. When it gives up (an error
//   status, e.g. a restart), a new EventSource is opened with backoff, from the last id seen.
// - Bursts are folded: one refresh per 200 ms at most, and never two at once.
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, useTransition } from "react";

export type LiveState = "connecting" | "live" | "reconnecting";

const DEBOUNCE_MS = 200;
const MAX_BACKOFF_MS = 30_000;
/** A blip shorter than this shows no "reconnecting". */
const TROUBLE_AFTER_MS = 2_000;
/** How long a changed row stays highlighted. */
const FLASH_MS = 2_500;

type StreamEvent = { resourceType?: string; resourceId?: string; payload?: { movementRequestId?: unknown } };

export function useLiveUpdates(options: { streamUrl: string; since: string }) {
  const { streamUrl, since } = options;
  const router = useRouter();
  const [, startTransition] = useTransition();
  const [state, setState] = useState<LiveState>("connecting");
  const [changed, setChanged] = useState<ReadonlySet<string>>(new Set());
  const lastId = useRef(since);

  useEffect(() => {
    let source: EventSource | undefined;
    let debounce: ReturnType<typeof setTimeout> | undefined;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    let trouble: ReturnType<typeof setTimeout> | undefined;
    const flashes = new Map<string, ReturnType<typeof setTimeout>>();
    let attempts = 0;
    let stopped = false;

    const scheduleRefresh = () => {
      if (debounce) return;
      debounce = setTimeout(() => {
        debounce = undefined;
        startTransition(() => router.refresh());
      }, DEBOUNCE_MS);
    };
    const flash = (requestId: string) => {
      clearTimeout(flashes.get(requestId));
      setChanged((ids) => new Set(ids).add(requestId));
      flashes.set(
        requestId,
        setTimeout(() => {
          flashes.delete(requestId);
          setChanged((ids) => {
            const next = new Set(ids);
            next.delete(requestId);
            return next;
          });
        }, FLASH_MS),
      );
    };
    const open = () => {
      const url = `${streamUrl}?lastEventId=${encodeURIComponent(lastId.current)}`;
      const current = new EventSource(url);
      source = current;
      current.onopen = () => {
        attempts = 0;
        clearTimeout(trouble);
        trouble = undefined;
        setState("live");
      };
      const onEvent = (event: MessageEvent<string>) => {
        if (event.lastEventId) lastId.current = event.lastEventId;
        try {
          const data = JSON.parse(event.data) as StreamEvent;
          const requestId =
            data.resourceType === "movement_request"
              ? data.resourceId
              : typeof data.payload?.movementRequestId === "string"
                ? data.payload.movementRequestId
                : undefined;
          if (requestId) flash(requestId);
        } catch {
          // Not ours to read: still a change.
        }
        scheduleRefresh();
      };
      // Named events (event: movement.collected…) do not reach onmessage: listen to the stream's types.
      current.onmessage = onEvent;
      for (const type of EVENT_TYPES) current.addEventListener(type, onEvent);
      current.onerror = () => {
        trouble ??= setTimeout(() => setState("reconnecting"), TROUBLE_AFTER_MS);
        if (current.readyState !== EventSource.CLOSED || stopped) return;
        const delay = Math.min(1_000 * 2 ** attempts, MAX_BACKOFF_MS);
        attempts += 1;
        reopen = setTimeout(() => {
          if (!stopped) open();
        }, delay);
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(debounce);
      clearTimeout(reopen);
      clearTimeout(trouble);
      for (const timer of flashes.values()) clearTimeout(timer);
      source?.close();
    };
  }, [streamUrl, router]);

  return { state, changed };
}

/** The event types of movement requests and their legs (lib/events, lib/movement-requests). */
const EVENT_TYPES = [
  "movement_request.created",
  "movement_request.updated",
  "movement_request.status_changed",
  "movement_request.offered",
  "movement.collected",
  "movement.delivered",
  "movement.cancelled",
  "movement.aborted",
];
