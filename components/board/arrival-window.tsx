// The estimated arrival window in the destination's time, zone named ("Today, 14:10–14:45 GMT"): what
// the driver and the customer at the destination read, whatever the dispatcher's own zone.
import type { BoardRow } from "@/lib/movement-requests/board/board-row";
import { formatArrivalWindow, timeZoneLabel } from "@/lib/movement-requests/tracking-times";

export function ArrivalWindow({
  arrival,
  destination,
}: {
  arrival: NonNullable<BoardRow["arrival"]>;
  destination: string;
}) {
  const zone = timeZoneLabel(arrival.timeZone, new Date(arrival.earliest));
  return (
    // "Today" is the server's until the browser renders it again; the instants do not change.
    <time dateTime={arrival.earliest} title={`At ${destination}, local time`} suppressHydrationWarning>
      {formatArrivalWindow(arrival, arrival.timeZone)} {zone}
    </time>
  );
}
