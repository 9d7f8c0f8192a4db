"use client";
// The board's data, kept live: react-query holds the board (seeded by the server render), and the
// site's event stream (SSE, components/live/use-event-stream) makes it refetch within moments of a
// change made anywhere, and once on every (re)connection.
import { keepPreviousData, useQuery, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { useEventStream } from "@/components/live/use-event-stream";
import type { KanbanBoard } from "@/lib/prep-jobs/kanban/board";

export class BoardRequestError extends Error {
  constructor(readonly status: number) {
    super(`The board could not be loaded (HTTP ${status}).`);
  }
}

const REFETCH_DEBOUNCE_MS = 150;
const LOST_AFTER_MS = 1_500;

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
  /** A search the server runs over every job of the board (the board carries only the oldest few). */
  search?: string;
}) {
  const { boardUrl, streamUrl, initialBoard, holdRefetch = false } = options;
  const search = options.search?.trim() ?? "";
  const queryClient = useQueryClient();
  const queryKey: QueryKey = ["prep-job-kanban", boardUrl, search];
  const query = useQuery({
    queryKey,
    queryFn: () =>
      fetchBoard(
        search
          ? `${boardUrl}${boardUrl.includes("?") ? "&" : "?"}${new URLSearchParams({ q: search })}`
          : boardUrl,
      ),
    // The server rendered the board without a search; a search keeps showing the last board until its own arrives.
    initialData: search ? undefined : initialBoard,
    placeholderData: keepPreviousData,
    // The stream says when to refetch; this only covers a stream that went quiet unnoticed.
    refetchInterval: 60_000,
    retry: (failures, error) => !(error instanceof BoardRequestError && error.status === 404) && failures < 3,
  });

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
      // An open card drawer too: its work items (moved on another tablet) and history stay current.
      void queryClient.invalidateQueries({ queryKey: ["prep-job-card"] });
    }, REFETCH_DEBOUNCE_MS);
  }, [queryClient, boardUrl]);

  useEffect(() => {
    held.current = holdRefetch;
    if (!holdRefetch && pending.current) {
      pending.current = false;
      refetch();
    }
  }, [holdRefetch, refetch]);

  const { state, stop } = useEventStream({
    url: streamUrl,
    lostAfterMs: LOST_AFTER_MS,
    onEvent: refetch,
    // Whatever happened while disconnected (or before the first connection) is fetched once.
    onOpen: refetch,
    // The browser gave up (an error status): ask the board why; a board that is gone is not retried.
    onGiveUp: () => {
      void fetchBoard(boardUrl).then(
        () => undefined,
        (error: unknown) => {
          if (error instanceof BoardRequestError && error.status === 404) {
            stop();
            setGone(true);
          }
        },
      );
    },
  });

  useEffect(() => () => clearTimeout(debounce.current), []);

  const notFound = gone || (query.error instanceof BoardRequestError && query.error.status === 404);
  return {
    board: query.data ?? initialBoard,
    query,
    queryKey,
    connection: notFound ? ("lost" as const) : state,
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
