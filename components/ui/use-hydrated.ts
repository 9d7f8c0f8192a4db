"use client";
// False on the server and in the first render in the browser, true once React has hydrated: a button
// rendered by the server does nothing until then, so a page that must not lose a tap (a driver's job on
// a slow phone) keeps it disabled until it can act.
import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
