// How the wizard writes calendar dates and distances (British English, as the product).
import { dateTimeFormat, numberFormat } from "@/lib/intl-formats";

/** "Tue 1 Dec 2026" for "2026-12-01"; calendar dates have no zone, so they are read as UTC. */
export function formatCalendarDate(date: string): string {
  return dateTimeFormat("en-GB", {
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${date}T00:00:00Z`));
}

export function formatDistanceKm(km: number): string {
  return `${numberFormat("en-GB", { maximumFractionDigits: km < 10 ? 1 : 0 }).format(km)} km`;
}
