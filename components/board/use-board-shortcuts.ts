"use client";
// The board's page-wide keys: "/" focuses the search, Escape closes the detail panel (unless a field,
// a menu or a dialog takes it first) and gives focus back to the row or card it was opened from.
import { useEffect, type RefObject } from "react";

export function useBoardShortcuts({
  open,
  close,
  searchRef,
}: {
  open: string | null;
  close: () => void;
  searchRef: RefObject<HTMLInputElement | null>;
}) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement;
      const typing = target.closest("input, textarea, select, [contenteditable=true], dialog");
      if (event.key === "/" && !typing && !event.ctrlKey && !event.metaKey && !event.altKey) {
        event.preventDefault();
        searchRef.current?.focus();
        searchRef.current?.select();
      } else if (event.key === "Escape" && open && !typing && !event.defaultPrevented) {
        close();
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open, close, searchRef]);
}

/** Focus back on the table row, or the phone's card link, of a request whose details just closed. */
export function focusBoardRow(rowId: string) {
  requestAnimationFrame(() => {
    const row = document.querySelector<HTMLElement>(`[data-row-id="${CSS.escape(rowId)}"]`);
    (row?.matches("tr") ? row : row?.querySelector<HTMLElement>("a"))?.focus();
  });
}
