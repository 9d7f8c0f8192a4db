// A prep job's reconditioning at a glance: `GET /prep-jobs/{id}`'s `recon`, and what a kanban card
// shows (items done out of all, the estimate, what it waits for). One statement for any number of jobs.
// Declined items are left out of the counts and the estimate: that work will not be done. A site
// estimates in one currency (its items take it when created), so the sums are of one currency.
import { sql, type Kdb } from "@/lib/db";
import type { WorkItemState } from "@/lib/generated/prisma/enums";
import { reconSettingsFor } from "@/lib/recon/recon-settings";
import type { ReconSummary } from "@/lib/recon/schemas";
import {
  waitingForOf,
  WAITING_FOR_ORDER,
  WORK_ITEM_TRANSITIONS,
  type WaitingFor,
} from "@/lib/recon/work-item-transitions";

const DECLINED: WorkItemState = WORK_ITEM_TRANSITIONS.decline.to;
const DONE: WorkItemState = WORK_ITEM_TRANSITIONS.finish.to;

/** The summaries of these jobs, by job id; a job without items has none (see emptyReconSummary). */
export async function reconSummaries(
  tx: Kdb,
  prepJobIds: readonly string[],
): Promise<Map<string, ReconSummary>> {
  if (prepJobIds.length === 0) return new Map();
  const rows = await tx
    .selectFrom("ReconWorkItem")
    .select((eb) => [
      "prepJobId",
      "state",
      "currency",
      eb.fn.countAll<string>().as("count"),
      eb.fn.sum<string>("estimatedCents").as("estimated"),
      sql<string>`COALESCE(SUM("actualCents"), 0)`.as("actual"),
    ])
    .where("prepJobId", "in", prepJobIds)
    .where("state", "!=", DECLINED)
    .groupBy(["prepJobId", "state", "currency"])
    .execute();
  const summaries = new Map<string, ReconSummary & { waiting: Set<WaitingFor> }>();
  for (const row of rows) {
    const summary = summaries.get(row.prepJobId) ?? {
      ...emptyReconSummary(row.currency),
      waiting: new Set<WaitingFor>(),
    };
    const count = Number(row.count);
    summary.items += count;
    if (row.state === DONE) summary.done += count;
    summary.estimatedCost += Number(row.estimated);
    summary.actualCost += Number(row.actual);
    const waitingFor = waitingForOf(row.state);
    if (waitingFor) summary.waiting.add(waitingFor);
    summaries.set(row.prepJobId, summary);
  }
  return new Map(
    [...summaries].map(([prepJobId, { waiting, ...summary }]) => [
      prepJobId,
      { ...summary, waitingFor: WAITING_FOR_ORDER.find((cause) => waiting.has(cause)) ?? null },
    ]),
  );
}

export function emptyReconSummary(currency: string): ReconSummary {
  return { items: 0, done: 0, estimatedCost: 0, actualCost: 0, currency, waitingFor: null };
}

/** One job's summary; without items, zeros in the prep site's recon currency. */
export async function reconSummary(
  tx: Kdb,
  job: { id: string; organisationId: string; prepSiteId: string | null },
): Promise<ReconSummary> {
  const found = (await reconSummaries(tx, [job.id])).get(job.id);
  if (found) return found;
  return emptyReconSummary((await reconSettingsFor(tx, job.organisationId, job.prepSiteId)).currency);
}
