// How far back an organisation's events are replayed (specification, "Limits"; extensions section 1): the
// one place that says so. The events endpoint and an endpoint's replay filter on it. Storing them is
// another setting: monthly partitions kept for the history retention (lib/history, 25 months by default).
import type { Kdb } from "@/lib/db";
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

/** Where a replay of the organisation's events starts: `since`, or its plan's window when older or absent. */
export async function replayStart(
  kdb: Kdb,
  organisationId: string,
  since: Date | null,
  now: Date,
): Promise<Date> {
  const { plan } = await kdb
    .selectFrom("Organisation")
    .select("plan")
    .where("id", "=", organisationId)
    .executeTakeFirstOrThrow();
  const cutoff = retentionCutoff(plan, now);
  return since && since > cutoff ? since : cutoff;
}
