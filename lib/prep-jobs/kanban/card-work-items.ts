// The card drawer's work items (issue 37 §2): add one, edit one, move one through its lifecycle, approve or
// decline the vehicle's whole estimate, inspect the vehicle against its site's checklist. Only staff whose board offers the job's prep site (as for notes); the
// lifecycle's own rules (the table, the approval right, versions) are lib/recon's.
import "server-only";
import { kysely } from "@/lib/db";
import { jobOfUserOrThrow } from "@/lib/prep-jobs/kanban/card-details";
import type { KanbanUser } from "@/lib/prep-jobs/kanban/prep-sites-for-user";
import { AppError } from "@/lib/errors/app-error";
import { createWorkItem } from "@/lib/recon/create-work-item";
import type { InspectionInput } from "@/lib/recon/inspection-schemas";
import { recordInspection, type InspectionOutcome } from "@/lib/recon/record-inspection";
import type { StaffContext } from "@/lib/auth/require-staff";
import { reconActorOfStaff, type ReconActor } from "@/lib/recon/recon-actor";
import type {
  CreateWorkItemBody,
  EstimateDecision,
  TransitionWorkItemBody,
  UpdateWorkItemBody,
  WorkItemResponse,
} from "@/lib/recon/schemas";
import { decideEstimate, transitionWorkItem, type WorkItemRef } from "@/lib/recon/transition-work-item";
import { updateWorkItem } from "@/lib/recon/update-work-item";

/** Who acts: the board's user (their sites) and their recon actor (their approval right). */
export type CardStaff = { user: KanbanUser; recon: ReconActor };

export function cardStaffOf(staff: StaffContext): CardStaff {
  return { user: { ...staff.user, organisationId: staff.organisationId }, recon: reconActorOfStaff(staff) };
}

export async function addCardWorkItem(
  staff: CardStaff,
  prepJobId: string,
  body: CreateWorkItemBody,
): Promise<WorkItemResponse> {
  const job = await jobOfUserOrThrow(staff.user, prepJobId);
  return createWorkItem(staff.recon, job.id, body);
}

export async function moveCardWorkItem(
  staff: CardStaff,
  ref: WorkItemRef,
  body: TransitionWorkItemBody,
): Promise<WorkItemResponse> {
  const job = await jobOfUserOrThrow(staff.user, ref.prepJobId);
  return transitionWorkItem(kysely(), staff.recon, { prepJobId: job.id, itemId: ref.itemId }, body);
}

export async function decideCardEstimate(
  staff: CardStaff,
  prepJobId: string,
  decision: EstimateDecision,
): Promise<WorkItemResponse[]> {
  const job = await jobOfUserOrThrow(staff.user, prepJobId);
  return decideEstimate(kysely(), staff.recon, job.id, decision);
}

/** An item's category, description and estimate from the drawer (lib/recon's editing rules). */
export async function editCardWorkItem(
  staff: CardStaff,
  ref: WorkItemRef,
  body: UpdateWorkItemBody,
): Promise<WorkItemResponse> {
  const job = await jobOfUserOrThrow(staff.user, ref.prepJobId);
  try {
    return await updateWorkItem(staff.recon, { prepJobId: job.id, itemId: ref.itemId }, body);
  } catch (error) {
    // The API's words ("at version 3, not 2") mean little in a drawer; the drawer reads the item again.
    if (error instanceof AppError && error.code === "VERSION_CONFLICT") {
      const message =
        "Someone changed this item while you were editing it. It now shows their change: edit it again.";
      // On the version field, so that the drawer tells a stale edit from a refused one.
      throw new AppError("VERSION_CONFLICT", message, { errors: [{ path: "version", message }] });
    }
    throw error;
  }
}

/** The vehicle inspected against its site's checklist: a proposed item per failed check. */
export async function inspectCardJob(
  staff: CardStaff,
  prepJobId: string,
  input: InspectionInput,
): Promise<InspectionOutcome> {
  const job = await jobOfUserOrThrow(staff.user, prepJobId);
  return recordInspection(staff.recon, job.id, input);
}
