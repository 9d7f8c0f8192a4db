// An inspection of a prep job against its site's checklist (issue 37 §1): every check answered, passed
// or failed. In one transaction it records the inspection (who, when, each check as it read then) and
// proposes one work item per failed check through the path every create takes (insertWorkItem: its
// history row and its `prep_job.work_item_changed` event), with no estimate yet: staff estimate it next.
// Bad answers, a job outside the actor's scope or a checklist changed since it was opened change nothing.
import { transaction, type Kdb } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import { newId } from "@/lib/ids";
import { insertWorkItem } from "@/lib/recon/create-work-item";
import { findReconJobOrThrow } from "@/lib/recon/find-recon-job";
import { checklistOf } from "@/lib/recon/inspection-checklist";
import {
  failedCheckDescription,
  inspectionInput,
  type InspectionInput,
  type InspectionResult,
  type InspectionSummary,
} from "@/lib/recon/inspection-schemas";
import type { ReconActor } from "@/lib/recon/recon-actor";
import type { WorkItemResponse } from "@/lib/recon/schemas";

export type InspectionOutcome = { inspection: InspectionSummary; workItems: WorkItemResponse[] };

export async function recordInspection(
  actor: ReconActor,
  prepJobId: string,
  input: InspectionInput,
  now: Date = new Date(),
): Promise<InspectionOutcome> {
  const { results } = inspectionInput.parse(input);
  return transaction(async (tx) => {
    const job = await findReconJobOrThrow(tx, actor, prepJobId);
    const checks = job.prepSiteId ? await checklistOf(tx, job.organisationId, job.prepSiteId) : [];
    if (!job.prepSiteId || checks.length === 0) {
      throw new AppError(
        "VALIDATION_ERROR",
        "This prep site has no inspection checklist yet: an administrator sets it in the site's settings.",
      );
    }
    const answers = new Map(results.map((result) => [result.checkId, result]));
    if (results.some((result) => !checks.some((check) => check.id === result.checkId))) {
      throw new AppError(
        "VERSION_CONFLICT",
        "The site's checklist changed since the inspection was opened: open it again and answer its checks.",
      );
    }
    const unanswered = checks.filter((check) => !answers.has(check.id));
    if (unanswered.length > 0) {
      throw new AppError("VALIDATION_ERROR", "Answer every check: pass or fail.", {
        errors: unanswered.map((check) => ({ path: `checks.${check.id}`, message: "Pass or fail?" })),
      });
    }
    const recorded: InspectionResult[] = [];
    const workItems: WorkItemResponse[] = [];
    for (const check of checks) {
      // Every check has its answer (checked above).
      const { passed, note } = answers.get(check.id) as InspectionInput["results"][number];
      const result: InspectionResult = { label: check.label, category: check.category, passed };
      if (passed) {
        recorded.push(result);
        continue;
      }
      const description = failedCheckDescription(check.label, note);
      const item = await insertWorkItem(
        tx,
        actor,
        job,
        { category: check.category, description, estimate: [] },
        now,
      );
      workItems.push(item);
      recorded.push({ ...result, ...(note ? { note } : {}), workItemId: item.id });
    }
    const id = newId();
    await tx
      .insertInto("ReconInspection")
      .values({
        id,
        organisationId: job.organisationId,
        prepJobId: job.id,
        prepSiteId: job.prepSiteId,
        inspectedBy: actor.actor,
        inspectedAt: now,
        results: JSON.stringify(recorded),
      })
      .execute();
    return {
      inspection: summaryOf({ id, inspectedBy: actor.actor, inspectedAt: now, results: recorded }),
      workItems,
    };
  });
}

/** The job's latest inspection, or null: for the drawer. */
export async function latestInspection(kdb: Kdb, prepJobId: string): Promise<InspectionSummary | null> {
  const row = await kdb
    .selectFrom("ReconInspection")
    .select(["id", "inspectedBy", "inspectedAt", "results"])
    .where("prepJobId", "=", prepJobId)
    .orderBy("inspectedAt", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
  return row ? summaryOf({ ...row, results: row.results as InspectionResult[] }) : null;
}

function summaryOf(row: {
  id: string;
  inspectedBy: string;
  inspectedAt: Date;
  results: InspectionResult[];
}): InspectionSummary {
  return {
    id: row.id,
    inspectedBy: row.inspectedBy,
    inspectedAt: row.inspectedAt.toISOString(),
    checks: row.results.length,
    failed: row.results.filter((result) => !result.passed).length,
  };
}
