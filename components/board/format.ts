// How the board writes dates, slots and vehicles (money: lib/movement-requests/money.ts). Calendar dates are formatted in UTC (they are
// dates, not instants), so the server and the browser print the same text.
import type { Timeslot } from "@/lib/generated/prisma/enums";
import type { BoardRow } from "@/lib/movement-requests/board/board-row";

const DAY_MS = 24 * 60 * 60 * 1000;
const shortDate = new Intl.DateTimeFormat("en-GB", {
  weekday: "short",
  day: "numeric",
  month: "short",
  timeZone: "UTC",
});
const longDate = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

/** "Sat 21 Nov" this year; "1 Mar 2027" in another (the weekday gives way to the year). */
export function formatDate(date: string | null | undefined, today: string): string {
  if (!date) return "—";
  const value = new Date(`${date}T00:00:00Z`);
  return (date.slice(0, 4) === today.slice(0, 4) ? shortDate : longDate).format(value);
}

const dayMonth = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });

/** "22 Nov" this year, "22 Nov 2025" in another: for columns too narrow for the weekday. */
export function formatDayMonth(date: string, today: string): string {
  const value = new Date(`${date}T00:00:00Z`);
  return (date.slice(0, 4) === today.slice(0, 4) ? dayMonth : longDate).format(value);
}

export const SLOT_LABEL: Record<Timeslot, string> = { ANYTIME: "Any time", AM: "AM", PM: "PM" };

export function formatSlot(slot: Timeslot | null | undefined, time?: string | null): string {
  if (time) return `by ${time}`;
  return slot ? SLOT_LABEL[slot] : "";
}

/** Whole days from `today` to `date` (negative: in the past). */
export function daysFrom(today: string, date: string): number {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
}

/** What a person calls the vehicle: its registration, else its VIN, else the stock number. */
export function vehicleName(vehicle: BoardRow["vehicle"]): string {
  return vehicle.vrm ?? vehicle.vin ?? vehicle.externalVehicleId ?? "Unidentified vehicle";
}

export function makeModel(vehicle: BoardRow["vehicle"]): string {
  return [vehicle.make, vehicle.model].filter(Boolean).join(" ");
}

const instant = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
});
const instantWithYear = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

/** An instant in the browser's zone ("21 Nov, 14:05"); see LocalTime for rendering it. */
export function formatInstant(iso: string, now: Date = new Date()): string {
  const value = new Date(iso);
  return (value.getFullYear() === now.getFullYear() ? instant : instantWithYear).format(value);
}

/** "Northgate " when every name starts with it (whole words, and never a whole name). */
export function commonWordPrefix(names: string[]): string {
  if (names.length < 2) return "";
  const words = names.map((name) => name.split(" "));
  const first = words[0] ?? [];
  let count = 0;
  while (
    count < first.length - 1 &&
    words.every((parts) => parts.length > count + 1 && parts[count] === first[count])
  ) {
    count += 1;
  }
  return count ? `${first.slice(0, count).join(" ")} ` : "";
}
