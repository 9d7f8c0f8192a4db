// How long an organisation's events are kept and replayed (specification, "Limits"; extensions section
// 1): the one place that says so. The events endpoint filters on it and the purge job deletes by it, so
// an event past its window is never returned, even before the purge has run.
import type { Plan } from "@/lib/generated/prisma/enums";

export const EVENT_RETENTION_DAYS = {
  FREE: 30,
  PRO: 90,
} as const satisfies Record<Plan, number>;

const DAY_MS = 24 * 60 * 60 * 1000;

export const RETAINED_PLANS = Object.keys(EVENT_RETENTION_DAYS) as Plan[];

/** The oldest instant still retained for a plan: events that occurred before it are expired. */
export function retentionCutoff(plan: Plan, now: Date): Date {
  return new Date(now.getTime() - EVENT_RETENTION_DAYS[plan] * DAY_MS);
}
