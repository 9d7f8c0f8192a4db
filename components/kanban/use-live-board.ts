"use client";
// The board's data, kept live: react-query holds the board (seeded by the server render), and the
// site's event stream (SSE) makes it refetch within moments of a change made anywhere.
//
// - The browser reconnects a dropped stream by itself and sends Last-Event-ID, so no change is missed.
// - When it gives up (an error status), a new EventSource is opened with backoff, passing the last id
//   it saw as ?lastEventId; the board is also refetched on every (re)connection.
// - The connection is "lost" once an error has lasted more than a moment (no banner for a blip).
import { useQuery, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import type { KanbanBoard } from "@/lib/prep-jobs/kanban/board";

export type ConnectionState = "connecting" | "live" | "lost";

export class BoardRequestError extends Error {
  constructor(readonly status: number) {
    super(`The board could not be loaded (HTTP ${status}).`);
  }
}

const REFETCH_DEBOUNCE_MS = 150;
const LOST_AFTER_MS = 1_500;
const MAX_RECONNECT_MS = 30_000;

async function fetchBoard(url: string): Promise<KanbanBoard> {
  const response = await fetch(url, { cache: "no-store", headers: { accept: "application/json" } });
  if (!response.ok) throw new BoardRequestError(response.status);
  return (await response.json()) as KanbanBoard;
}

export function useLiveBoard(options: {
  boardUrl: string;
  streamUrl: string;
  initialBoard: KanbanBoard;
  /** While true (a drag or a move in flight) refetches wait, then run once. */
  holdRefetch?: boolean;
}) {
  const { boardUrl, streamUrl, initialBoard, holdRefetch = false } = options;
  const queryClient = useQueryClient();
  const queryKey: QueryKey = ["prep-job-kanban", boardUrl];
  const query = useQuery({
    queryKey,
    queryFn: () => fetchBoard(boardUrl),
    initialData: initialBoard,
    // The stream says when to refetch; this only covers a stream that went quiet unnoticed.
    refetchInterval: 60_000,
    retry: (failures, error) => !(error instanceof BoardRequestError && error.status === 404) && failures < 3,
  });

  const [connection, setConnection] = useState<ConnectionState>("connecting");
  const [gone, setGone] = useState(false);
  const held = useRef(holdRefetch);
  const pending = useRef(false);
  const debounce = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const refetch = useCallback(() => {
    if (held.current) {
      pending.current = true;
      return;
    }
    clearTimeout(debounce.current);
    debounce.current = setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: ["prep-job-kanban", boardUrl] });
    }, REFETCH_DEBOUNCE_MS);
  }, [queryClient, boardUrl]);

  useEffect(() => {
    held.current = holdRefetch;
    if (!holdRefetch && pending.current) {
      pending.current = false;
      refetch();
    }
  }, [holdRefetch, refetch]);

  useEffect(() => {
    let source: EventSource | undefined;
    let lastEventId: string | undefined;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    let lostTimer: ReturnType<typeof setTimeout> | undefined;
    let attempts = 0;
    let stopped = false;

    const markTrouble = () => {
      lostTimer ??= setTimeout(() => setConnection("lost"), LOST_AFTER_MS);
    };
    const open = () => {
      const url = lastEventId
        ? `${streamUrl}${streamUrl.includes("?") ? "&" : "?"}lastEventId=${encodeURIComponent(lastEventId)}`
        : streamUrl;
      const current = new EventSource(url);
      source = current;
      current.onopen = () => {
        attempts = 0;
        clearTimeout(lostTimer);
        lostTimer = undefined;
        setConnection("live");
        // Whatever happened while disconnected (or before the first connection) is fetched once.
        refetch();
      };
      current.onmessage = (event: MessageEvent<string>) => {
        if (event.lastEventId) lastEventId = event.lastEventId;
        refetch();
      };
      current.onerror = () => {
        markTrouble();
        if (current.readyState !== EventSource.CLOSED || stopped) return;
        // The browser gave up (an error status): ask the board why, then try again later.
        void fetchBoard(boardUrl).then(
          () => undefined,
          (error: unknown) => {
            if (error instanceof BoardRequestError && error.status === 404) {
              stopped = true;
              setGone(true);
            }
          },
        );
        const delay = Math.min(1_000 * 2 ** attempts, MAX_RECONNECT_MS);
        attempts += 1;
        reopen = setTimeout(() => {
          if (!stopped) open();
        }, delay);
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(reopen);
      clearTimeout(lostTimer);
      clearTimeout(debounce.current);
      source?.close();
    };
  }, [streamUrl, boardUrl, refetch]);

  const notFound = gone || (query.error instanceof BoardRequestError && query.error.status === 404);
  return {
    board: query.data,
    query,
    queryKey,
    connection: notFound ? ("lost" as const) : connection,
    gone: notFound,
  };
}

/** The current time, ticking: time in stage and the ageing colours move on without a refetch. */
export function useNow(initial: string, everyMs = 30_000): Date {
  // The first render uses the server's instant, so that the hydrated text matches.
  const [now, setNow] = useState(() => new Date(initial));
  useEffect(() => {
    // Straight after hydration, then on every tick.
    const first = setTimeout(() => setNow(new Date()), 0);
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [everyMs]);
  return now;
}
