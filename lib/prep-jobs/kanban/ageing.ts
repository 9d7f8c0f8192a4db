// Time in stage and the ageing colour of a kanban card. Pure, and safe to import into client
// components: the board recomputes both every minute against the browser's clock.

export type AgeingThresholds = { amberHours: number; redHours: number };

/** "done" is a job that has left the prep site (OUTBOUND/DELIVERED): it no longer ages. */
export type AgeingLevel = "ok" | "amber" | "red" | "done";

export const DEFAULT_AGEING_THRESHOLDS: AgeingThresholds = { amberHours: 48, redHours: 72 };

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** Milliseconds since the last stage change; never negative (a server clock ahead of the browser's). */
export function timeInStageMs(stageChangedAt: Date | string, now: Date): number {
  const since = typeof stageChangedAt === "string" ? Date.parse(stageChangedAt) : stageChangedAt.getTime();
  return Math.max(0, now.getTime() - since);
}

export function ageingLevel(ms: number, thresholds: AgeingThresholds): Exclude<AgeingLevel, "done"> {
  const hours = ms / HOUR_MS;
  if (hours >= thresholds.redHours) return "red";
  if (hours >= thresholds.amberHours) return "amber";
  return "ok";
}

/** Short form for a card: "12 min", "5 h 12 min", "3 d 4 h". */
export function formatDuration(ms: number): string {
  if (ms < HOUR_MS) return `${Math.floor(ms / MINUTE_MS)} min`;
  if (ms < DAY_MS) {
    const minutes = Math.floor((ms % HOUR_MS) / MINUTE_MS);
    return `${Math.floor(ms / HOUR_MS)} h${minutes ? ` ${minutes} min` : ""}`;
  }
  const hours = Math.floor((ms % DAY_MS) / HOUR_MS);
  return `${Math.floor(ms / DAY_MS)} d${hours ? ` ${hours} h` : ""}`;
}

/** To the hour, for a one-line row read from across the workshop: "45 min", "12 h", "3 d 4 h". */
export function formatDurationToTheHour(ms: number): string {
  return ms >= HOUR_MS && ms < DAY_MS ? `${Math.floor(ms / HOUR_MS)} h` : formatDuration(ms);
}

/** Long form for screen readers: "3 days 4 hours". */
export function formatDurationLong(ms: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  if (ms < HOUR_MS) return plural(Math.floor(ms / MINUTE_MS), "minute");
  if (ms < DAY_MS) {
    const minutes = Math.floor((ms % HOUR_MS) / MINUTE_MS);
    return [plural(Math.floor(ms / HOUR_MS), "hour"), minutes ? plural(minutes, "minute") : ""]
      .filter(Boolean)
      .join(" ");
  }
  const hours = Math.floor((ms % DAY_MS) / HOUR_MS);
  return [plural(Math.floor(ms / DAY_MS), "day"), hours ? plural(hours, "hour") : ""]
    .filter(Boolean)
    .join(" ");
}
