"use client";
// Whether a CSS media query matches, kept in step with the window. The server (and the first render in
// the browser) assume it does not: components pick the desktop layout until hydrated.
import { useCallback, useSyncExternalStore } from "react";

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Phones: below Tailwind's md breakpoint (768 px). */
export const PHONE_QUERY = "(max-width: 767.98px)";
