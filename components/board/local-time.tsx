"use client";
// An instant in the reader's own time zone. The server does not know it: it renders UTC, and the
// browser replaces the text once mounted (the machine-readable value is in dateTime either way).
import { useSyncExternalStore } from "react";
import { formatInstant } from "./format";

const subscribe = () => () => {};

export function LocalTime({ iso }: { iso: string }) {
  const mounted = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
  const text = mounted ? formatInstant(iso) : `${iso.slice(0, 16).replace("T", " ")} UTC`;
  return (
    <time dateTime={iso} title={iso}>
      {text}
    </time>
  );
}
