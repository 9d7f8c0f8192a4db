"use client";
// The board's state lives in the URL. This hook writes it: every change of filter, sort, page or open
// panel is a navigation (the server renders the new rows), shown at once through an optimistic copy of
// the query so that controls never snap back while the server answers.
import { usePathname, useRouter } from "next/navigation";
import { useCallback, useOptimistic, useTransition } from "react";
import { boardQueryToSearchParams, type BoardQuery } from "@/lib/movement-requests/board/board-query";

export type BoardUrlState = { query: BoardQuery; open: string | null };

export function useBoardUrl(current: BoardUrlState) {
  const router = useRouter();
  const pathname = usePathname();
  const [isPending, startTransition] = useTransition();
  const [state, setState] = useOptimistic(current);

  const hrefFor = useCallback(
    (next: BoardUrlState) => {
      const params = boardQueryToSearchParams(next.query);
      if (next.open) params.set("open", next.open);
      const search = params.toString();
      return search ? `${pathname}?${search}` : pathname;
    },
    [pathname],
  );

  /** The URL of the board with `patch` applied; any change but the page itself goes back to page 1. */
  const hrefWith = useCallback(
    (patch: Partial<BoardQuery>, open: string | null = state.open) =>
      hrefFor({
        query: { ...state.query, ...("page" in patch ? {} : { page: 1, cursor: undefined }), ...patch },
        open,
      }),
    [hrefFor, state],
  );

  const go = useCallback(
    (next: BoardUrlState, options: { replace?: boolean } = {}) => {
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
      go(
        {
          query: { ...state.query, ...("page" in patch ? {} : { page: 1, cursor: undefined }), ...patch },
          open: state.open,
        },
        options,
      ),
    [go, state],
  );

  const setOpen = useCallback((open: string | null) => go({ query: state.query, open }), [go, state]);

  return { query: state.query, open: state.open, isPending, hrefWith, setQuery, setOpen };
}
