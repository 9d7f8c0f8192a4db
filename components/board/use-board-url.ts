"use client";
// The board's state lives in the URL. This hook writes it: every change of filter, sort, page or open
// panel is a navigation (the server renders the new rows), shown at once through an optimistic copy of
// the query so that controls never snap back while the server answers.
import { usePathname, useRouter } from "next/navigation";
import { useCallback, useEffect, useOptimistic, useRef, useTransition } from "react";
import { boardQueryToSearchParams, type BoardQuery } from "@/lib/movement-requests/board/board-query";

export type BoardUrlState = { query: BoardQuery; open: string | null };

/** `query` with `patch` applied; any change but the page itself goes back to page 1. */
function patched(query: BoardQuery, patch: Partial<BoardQuery>): BoardQuery {
  return { ...query, ...("page" in patch ? {} : { page: 1, cursor: undefined }), ...patch };
}

export function useBoardUrl(current: BoardUrlState) {
  const router = useRouter();
  const pathname = usePathname();
  const [isPending, startTransition] = useTransition();
  const [state, setState] = useOptimistic(current);
  // The state the next change builds on. A change can come from a callback made several renders ago
  // (the search's debounce timer), or right after another change whose render has not happened yet: it
  // must build on the latest state, or it undoes that other change (a filter chosen while the search
  // was pending was lost so).
  const latest = useRef(state);
  useEffect(() => {
    latest.current = state;
  }, [state]);

  const hrefFor = useCallback(
    (next: BoardUrlState) => {
      const params = boardQueryToSearchParams(next.query);
      if (next.open) params.set("open", next.open);
      const search = params.toString();
      return search ? `${pathname}?${search}` : pathname;
    },
    [pathname],
  );

  /** The URL of the board with `patch` applied (for links, built from what is shown). */
  const hrefWith = useCallback(
    (patch: Partial<BoardQuery>, open: string | null = state.open) =>
      hrefFor({ query: patched(state.query, patch), open }),
    [hrefFor, state],
  );

  const go = useCallback(
    (change: (from: BoardUrlState) => BoardUrlState, options: { replace?: boolean } = {}) => {
      const next = change(latest.current);
      latest.current = next;
      startTransition(() => {
        setState(next);
        const href = hrefFor(next);
        if (options.replace) router.replace(href, { scroll: false });
        else router.push(href, { scroll: false });
      });
    },
    [hrefFor, router, setState],
  );

  const setQuery = useCallback(
    (patch: Partial<BoardQuery>, options: { replace?: boolean } = {}) =>
      go((from) => ({ query: patched(from.query, patch), open: from.open }), options),
    [go],
  );

  const setOpen = useCallback((open: string | null) => go((from) => ({ query: from.query, open })), [go]);

  return { query: state.query, open: state.open, isPending, hrefWith, setQuery, setOpen };
}
