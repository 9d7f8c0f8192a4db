// POST /operations/prep-jobs/{id}/work-items/{itemId}/transition `{"to": STATE, ...}`: moves a work item
// by the lifecycle table (work-item-transitions.ts). A move the table does not have is 409
// INVALID_STATUS_TRANSITION; approving or declining without the approval right is 403; an older
// `version` is 409 VERSION_CONFLICT. Nothing changes on any refusal.
//
// A submission whose estimate is under the prep site's auto-approve threshold (in the site's currency)
// is approved at once, "system:auto-approve" recorded as the approver: two history rows, one event.
// Callable inside a caller's transaction (the kanban, the sublet vendor's link) or on its own.
import { fromDateOnly } from "@/lib/dates";
import { kysely, type DB, type Kdb, type Updateable } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import type { ReconWorkItem } from "@/lib/generated/prisma/client";
import { assertVersion, findWorkItemForUpdateOrThrow, type ReconScope } from "@/lib/recon/find-recon-job";
import { priceActualCost } from "@/lib/recon/price-estimate";
import { AUTO_APPROVER, type ReconActor } from "@/lib/recon/recon-actor";
import { reconSettingsFor, type ReconSettings } from "@/lib/recon/recon-settings";
import {
  recordStateChanges,
  recordWorkItemEvents,
  type StateChange,
} from "@/lib/recon/record-work-item-events";
import type { TransitionWorkItemBody, WorkItemResponse } from "@/lib/recon/schemas";
import {
  requirementsOf,
  workItemActionOrThrow,
  WORK_ITEM_TRANSITIONS,
  type WorkItemAction,
} from "@/lib/recon/work-item-transitions";

export type WorkItemRef = { prepJobId: string; itemId: string };

export async function transitionWorkItem(
  kdb: Kdb,
  actor: ReconActor,
  ref: WorkItemRef,
  body: TransitionWorkItemBody,
  now: Date = new Date(),
): Promise<WorkItemResponse> {
  return inTransaction(kdb, async (tx) => {
    const { job, item } = await findWorkItemForUpdateOrThrow(tx, actor, ref);
    assertVersion(item, body.version);
    const action = workItemActionOrThrow(item.state, body.to);
    if (requirementsOf(action).includes("approvalRight") && !actor.canApprove) {
      throw new AppError(
        "FORBIDDEN",
        "Approving or declining a work item needs the approval right: an API key with the recon_approval " +
          "scope, or an administrator or recon manager.",
      );
    }
    const settings = await reconSettingsFor(tx, job.organisationId, job.prepSiteId);
    const changes: StateChange[] = [{ from: item.state, to: body.to, actor: actor.actor }];
    if (action === "submit" && isUnderThreshold(item, settings)) {
      changes.push({ from: body.to, to: WORK_ITEM_TRANSITIONS.approve.to, actor: AUTO_APPROVER });
    }
    const last = changes[changes.length - 1] as StateChange;
    await tx
      .updateTable("ReconWorkItem")
      .set((eb) => ({
        ...fieldsOf(action, body, settings),
        ...(isDecision(last) ? { decidedBy: last.actor, decidedAt: now } : {}),
        state: last.to,
        version: eb("version", "+", 1),
        updatedAt: now,
      }))
      .where("id", "=", item.id)
      .execute();
    await recordStateChanges(tx, item, changes, now);
    return recordWorkItemEvents(tx, job, {
      itemId: item.id,
      previousState: item.state,
      actor: actor.actor,
      at: now,
    });
  });
}

/** The API's entry (a route imports no database): a transaction of its own. */
export function changeWorkItemState(
  actor: ReconActor,
  ref: WorkItemRef,
  body: TransitionWorkItemBody,
): Promise<WorkItemResponse> {
  return transitionWorkItem(kysely(), actor, ref, body);
}

/**
 * Approves or declines the vehicle's whole estimate at once: every item of the job awaiting approval,
 * each as transitionWorkItem would (its history row and event). No item awaiting approval: none changes.
 */
export async function decideEstimate(
  kdb: Kdb,
  actor: ReconActor,
  prepJobId: string,
  decision: "APPROVED" | "DECLINED",
  now: Date = new Date(),
): Promise<WorkItemResponse[]> {
  return inTransaction(kdb, async (tx) => {
    const awaiting = await awaitingItemIds(tx, actor, prepJobId);
    const decided: WorkItemResponse[] = [];
    for (const itemId of awaiting) {
      decided.push(await transitionWorkItem(tx, actor, { prepJobId, itemId }, { to: decision }, now));
    }
    return decided;
  });
}

async function awaitingItemIds(tx: Kdb, scope: ReconScope, prepJobId: string): Promise<string[]> {
  const rows = await tx
    .selectFrom("ReconWorkItem as i")
    .innerJoin("PrepJob as j", "j.id", "i.prepJobId")
    .select("i.id")
    .where("i.prepJobId", "=", prepJobId)
    .where("j.organisationId", "=", scope.organisationId)
    .$if(scope.profileId !== undefined, (query) => query.where("j.profileId", "=", scope.profileId as string))
    .where("i.state", "=", WORK_ITEM_TRANSITIONS.approve.from[0])
    .orderBy("i.createdAt")
    .orderBy("i.id")
    .execute();
  if (rows.length === 0) {
    // Tells "no such job" (404) from "nothing to decide" (an empty answer).
    await tx
      .selectFrom("PrepJob")
      .select("id")
      .where("id", "=", prepJobId)
      .where("organisationId", "=", scope.organisationId)
      .$if(scope.profileId !== undefined, (query) => query.where("profileId", "=", scope.profileId as string))
      .executeTakeFirstOrThrow(
        () => new AppError("PREP_JOB_NOT_FOUND", `No prep job ${prepJobId} was found.`),
      );
  }
  return rows.map((row) => row.id);
}

function isUnderThreshold(item: Pick<ReconWorkItem, "currency" | "estimatedCents">, settings: ReconSettings) {
  return item.currency === settings.currency && item.estimatedCents < settings.autoApproveBelowCents;
}

function isDecision(change: StateChange): boolean {
  return change.to === WORK_ITEM_TRANSITIONS.approve.to || change.to === WORK_ITEM_TRANSITIONS.decline.to;
}

/** The columns a move sets beside its state: the parts' date while waiting for them, the actual cost. */
function fieldsOf(
  action: WorkItemAction,
  body: TransitionWorkItemBody,
  settings: ReconSettings,
): Updateable<DB["ReconWorkItem"]> {
  const needs = requirementsOf(action);
  const partsExpectedOn =
    needs.includes("partsExpectedOn") && body.partsExpectedOn ? fromDateOnly(body.partsExpectedOn) : null;
  if (!needs.includes("actualCost") || !body.actual) return { partsExpectedOn };
  return {
    partsExpectedOn,
    actualPartsCents: body.actual.partsCents,
    actualHours: body.actual.hours,
    actualSubletCents: body.actual.subletCents,
    actualCents: priceActualCost(body.actual, settings),
  };
}

/** Joins the caller's transaction, or runs in one of its own. */
function inTransaction<T>(kdb: Kdb, work: (tx: Kdb) => Promise<T>): Promise<T> {
  return kdb.isTransaction ? work(kdb) : kdb.transaction().execute(work);
}
