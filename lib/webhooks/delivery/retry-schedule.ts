// When a delivery is attempted: the schedule of extensions section 5 (overridable through
// WEBHOOK_RETRY_SCHEDULE), each delay with ±20 % jitter so that retries after an outage spread out.
import ms from "ms";
import { env } from "@/lib/env";

export const DEFAULT_RETRY_SCHEDULE = "0s,5s,5m,30m,2h,5h,10h,10h";
export const DEFAULT_DISABLE_AFTER = "5d";
const JITTER = 0.2;

/** "0s,5s,5m" → [0, 5000, 300000]. Throws on anything that is not a list of durations. */
export function parseSchedule(text: string): number[] {
  const delays = text.split(",").map((part) => parseDuration(part.trim()));
  if (delays.length === 0) throw new Error("A retry schedule needs at least one attempt");
  return delays;
}

export function parseDuration(text: string): number {
  const value = ms(text as ms.StringValue);
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0) {
    throw new Error(`Not a duration: "${text}" (e.g. 0s, 5s, 5m, 2h, 5d)`);
  }
  return value;
}

export function retrySchedule(): number[] {
  return parseSchedule(env().WEBHOOK_RETRY_SCHEDULE ?? DEFAULT_RETRY_SCHEDULE);
}

export function disableAfterMs(): number {
  return parseDuration(env().WEBHOOK_DISABLE_AFTER ?? DEFAULT_DISABLE_AFTER);
}

/**
 * The wait before attempt number `attemptIndex` (0-based) of `schedule`, jittered; undefined once the
 * schedule is exhausted.
 */
export function delayBeforeAttempt(
  schedule: number[],
  attemptIndex: number,
  random = Math.random,
): number | undefined {
  const base = schedule[attemptIndex];
  if (base === undefined) return undefined;
  return Math.round(base * (1 - JITTER + 2 * JITTER * random()));
}
