"use client";
// A count that goes up each time the organisation's vehicles report new positions (the positions'
// stream, lib/maps/position-stream.ts): a map that reads its data with it as a dependency follows them.
import { useState } from "react";
import { useEventStream } from "@/components/live/use-event-stream";

const POSITION_EVENTS = ["positions"];

export function usePositionReports(): number {
  const [reports, setReports] = useState(0);
  useEventStream({
    url: "/api/board/positions",
    eventTypes: POSITION_EVENTS,
    lostAfterMs: 2_000,
    onEvent: () => setReports((count) => count + 1),
  });
  return reports;
}
