// The card drawer's work items (issue 37 §2): add one, move one through its lifecycle, approve or decline
// the vehicle's whole estimate. Only staff whose board offers the job's prep site (as for notes); the
// lifecycle's own rules (the table, the approval right, versions) are lib/recon's.
import "server-only";
import { kysely } from "@/lib/db";
import { jobOfUserOrThrow } from "@/lib/prep-jobs/kanban/card-details";
import type { KanbanUser } from "@/lib/prep-jobs/kanban/prep-sites-for-user";
import { createWorkItem } from "@/lib/recon/create-work-item";
import type { StaffContext } from "@/lib/auth/require-staff";
import { reconActorOfStaff, type ReconActor } from "@/lib/recon/recon-actor";
import type {
  CreateWorkItemBody,
  EstimateDecision,
  TransitionWorkItemBody,
  WorkItemResponse,
} from "@/lib/recon/schemas";
import { decideEstimate, transitionWorkItem, type WorkItemRef } from "@/lib/recon/transition-work-item";

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
