"use client";
// One live connection to a server-sent event stream (the movement board's and the kanban's).
//
// - The browser reconnects a dropped stream by itself and sends Last-Event-ID, so no change is missed.
// - When it gives up (an error status, e.g. a restart), a new EventSource is opened with backoff,
//   passing the last id it saw as ?lastEventId.
// - The connection is "lost" only once an error has lasted a moment: a blip shows nothing.
import { useEffect, useRef, useState } from "react";

export type StreamState = "connecting" | "live" | "lost";

export type StreamMessage = { lastEventId: string; data: string };

const MAX_BACKOFF_MS = 30_000;

export function useEventStream(options: {
  url: string;
  /** Where to start: the last event the page already reflects. */
  lastEventId?: string;
  /** Named events (`event: …`) do not reach onmessage: the types to listen to besides unnamed ones. */
  eventTypes?: readonly string[];
  /** How long an error lasts before the connection counts as lost. */
  lostAfterMs: number;
  onEvent: (message: StreamMessage) => void;
  /** On every (re)connection. */
  onOpen?: () => void;
  /** When the browser gave up on the stream, before it is opened again. */
  onGiveUp?: () => void;
}): { state: StreamState; stop: () => void } {
  const { url, eventTypes, lostAfterMs } = options;
  const [state, setState] = useState<StreamState>("connecting");
  const lastId = useRef(options.lastEventId);
  // The latest callbacks, without reopening the stream when they change.
  const handlers = useRef(options);
  useEffect(() => {
    handlers.current = options;
  });
  const stopRef = useRef<() => void>(() => undefined);

  useEffect(() => {
    let source: EventSource | undefined;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    let lostTimer: ReturnType<typeof setTimeout> | undefined;
    let attempts = 0;
    let stopped = false;

    const stop = () => {
      stopped = true;
      clearTimeout(reopen);
      clearTimeout(lostTimer);
      source?.close();
    };
    stopRef.current = stop;

    const open = () => {
      const from = lastId.current;
      const current = new EventSource(
        from ? `${url}${url.includes("?") ? "&" : "?"}lastEventId=${encodeURIComponent(from)}` : url,
      );
      source = current;
      current.onopen = () => {
        attempts = 0;
        clearTimeout(lostTimer);
        lostTimer = undefined;
        setState("live");
        handlers.current.onOpen?.();
      };
      const onMessage = (event: MessageEvent<string>) => {
        if (event.lastEventId) lastId.current = event.lastEventId;
        handlers.current.onEvent({ lastEventId: event.lastEventId, data: event.data });
      };
      current.onmessage = onMessage;
      for (const type of eventTypes ?? []) current.addEventListener(type, onMessage);
      current.onerror = () => {
        lostTimer ??= setTimeout(() => setState("lost"), lostAfterMs);
        if (current.readyState !== EventSource.CLOSED || stopped) return;
        handlers.current.onGiveUp?.();
        const delay = Math.min(1_000 * 2 ** attempts, MAX_BACKOFF_MS);
        attempts += 1;
        reopen = setTimeout(() => {
          if (!stopped) open();
        }, delay);
      };
    };
    open();
    return stop;
  }, [url, eventTypes, lostAfterMs]);

  return { state, stop: () => stopRef.current() };
}
