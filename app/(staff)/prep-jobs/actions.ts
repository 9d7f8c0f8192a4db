"use server";
// The kanban's server actions. Moving a card: prep staff and admins (requireStaff), only jobs of the
// sites their board offers, through movePrepJob (the stage rules); the drawer's notes and work items
// likewise (approving needs the approval right, checked by lib/recon). Workshop-screen links: admins.
// Only AppError messages reach the browser; anything else is logged and said generically.
import { revalidatePath } from "next/cache";
import { unstable_rethrow } from "next/navigation";
import type { MoveCardResult } from "@/components/kanban/use-move-card";
import { requireStaff } from "@/lib/auth/require-staff";
import { rolesWith } from "@/lib/auth/roles";
import { publicBaseUrl } from "@/lib/env";
import { AppError } from "@/lib/errors/app-error";
import { UserRole } from "@/lib/generated/prisma/enums";
import { runAction, type ActionResult } from "@/lib/http/action-result";
import { logger } from "@/lib/logger";
import { createDisplayLink } from "@/lib/prep-jobs/display-links/create-display-link";
import { revokeDisplayLink } from "@/lib/prep-jobs/display-links/revoke-display-link";
import { createDisplayLinkInput, type DisplayLinkSummary } from "@/lib/prep-jobs/display-links/schemas";
import {
  addKanbanNote,
  addKanbanNoteInput,
  getKanbanCardDetails,
  type KanbanCardDetails,
  type KanbanNote,
} from "@/lib/prep-jobs/kanban/card-details";
import {
  addCardWorkItem,
  cardStaffOf,
  decideCardEstimate,
  editCardWorkItem,
  inspectCardJob,
  moveCardWorkItem,
} from "@/lib/prep-jobs/kanban/card-work-items";
import type { PrepSiteSettingsValues } from "@/lib/prep-jobs/kanban/kanban-settings";
import { moveKanbanCard, moveKanbanCardInput } from "@/lib/prep-jobs/kanban/move-kanban-card";
import { savePrepSiteSettings } from "@/lib/prep-jobs/kanban/site-settings";
import { inspectionInput } from "@/lib/recon/inspection-schemas";
import type { InspectionOutcome } from "@/lib/recon/record-inspection";
import {
  createWorkItemBody,
  estimateDecisionSchema,
  transitionWorkItemBody,
  updateWorkItemBody,
  type WorkItemResponse,
} from "@/lib/recon/schemas";
import { identifierSchema, identifiersOf } from "@/lib/schemas/common";

export async function movePrepJobAction(input: unknown): Promise<MoveCardResult> {
  const staff = await requireStaff(rolesWith("work-prep-jobs"));
  const parsed = moveKanbanCardInput.safeParse(input);
  if (!parsed.success) return { ok: false, code: "VALIDATION_ERROR", message: "That is not a valid move." };
  try {
    await moveKanbanCard(
      { user: { ...staff.user, organisationId: staff.organisationId }, actor: staff.actor },
      parsed.data,
    );
    return { ok: true };
  } catch (error) {
    unstable_rethrow(error);
    if (error instanceof AppError) return { ok: false, code: error.code, message: error.message };
    logger.error("kanban move failed", { error, prepJobId: parsed.data.id, actor: staff.actor });
    return { ok: false, message: "Something went wrong on our side. Please try again in a moment." };
  }
}

/** The card drawer's notes and history: anyone who sees the board. */
export async function loadCardDetailsAction(prepJobId: unknown): Promise<ActionResult<KanbanCardDetails>> {
  const staff = await requireStaff(rolesWith("view-prep-jobs"));
  const parsed = identifierSchema.safeParse(prepJobId);
  if (!parsed.success) return { ok: false, message: "That prep job does not exist." };
  return runAction("card details", () =>
    getKanbanCardDetails({ ...staff.user, organisationId: staff.organisationId }, parsed.data),
  );
}

/** A note from the card drawer: prep staff and admins. */
export async function addKanbanNoteAction(input: unknown): Promise<ActionResult<KanbanNote>> {
  const staff = await requireStaff(rolesWith("work-prep-jobs"));
  return runAction("kanban note", () =>
    addKanbanNote(
      { user: { ...staff.user, organisationId: staff.organisationId }, author: staff.user.email },
      addKanbanNoteInput.parse(input),
    ),
  );
}

const NO_JOB = "That prep job does not exist.";

/** A work item from the card drawer, PROPOSED: prep staff and admins. */
export async function addWorkItemAction(
  prepJobId: unknown,
  input: unknown,
): Promise<ActionResult<WorkItemResponse>> {
  const staff = await requireStaff(rolesWith("work-prep-jobs"));
  const id = identifierSchema.safeParse(prepJobId);
  if (!id.success) return { ok: false, message: NO_JOB };
  return runAction("work item", () =>
    addCardWorkItem(cardStaffOf(staff), id.data, createWorkItemBody.parse(input)),
  );
}

/** A work item's move from the drawer (approve and decline need the approval right). */
export async function moveWorkItemAction(
  prepJobId: unknown,
  itemId: unknown,
  input: unknown,
): Promise<ActionResult<WorkItemResponse>> {
  const staff = await requireStaff(rolesWith("work-prep-jobs"));
  const ids = identifiersOf(prepJobId, itemId);
  if (!ids) return { ok: false, message: "That work item does not exist." };
  const ref = { prepJobId: ids[0]!, itemId: ids[1]! };
  return runAction("work item move", () =>
    moveCardWorkItem(cardStaffOf(staff), ref, transitionWorkItemBody.parse(input)),
  );
}

/** A work item's category, description and estimate from the drawer: prep staff and admins. */
export async function editWorkItemAction(
  prepJobId: unknown,
  itemId: unknown,
  input: unknown,
): Promise<ActionResult<WorkItemResponse>> {
  const staff = await requireStaff(rolesWith("work-prep-jobs"));
  const ids = identifiersOf(prepJobId, itemId);
  if (!ids) return { ok: false, message: "That work item does not exist." };
  const ref = { prepJobId: ids[0]!, itemId: ids[1]! };
  return runAction("work item edit", () =>
    editCardWorkItem(cardStaffOf(staff), ref, updateWorkItemBody.parse(input)),
  );
}

/** The vehicle inspected against its site's checklist (a proposed item per failed check): prep staff. */
export async function inspectVehicleAction(
  prepJobId: unknown,
  input: unknown,
): Promise<ActionResult<InspectionOutcome>> {
  const staff = await requireStaff(rolesWith("work-prep-jobs"));
  const id = identifierSchema.safeParse(prepJobId);
  if (!id.success) return { ok: false, message: NO_JOB };
  return runAction("inspection", () =>
    inspectCardJob(cardStaffOf(staff), id.data, inspectionInput.parse(input)),
  );
}

/** Approves or declines the vehicle's whole estimate (every item awaiting approval): approvers. */
export async function decideEstimateAction(
  prepJobId: unknown,
  decision: unknown,
): Promise<ActionResult<WorkItemResponse[]>> {
  const staff = await requireStaff(rolesWith("work-prep-jobs"));
  const id = identifierSchema.safeParse(prepJobId);
  if (!id.success) return { ok: false, message: NO_JOB };
  return runAction("estimate decision", () =>
    decideCardEstimate(cardStaffOf(staff), id.data, estimateDecisionSchema.parse(decision)),
  );
}

/** A prep site's kanban settings (WIP limits, ageing, opening hours): admins. */
export async function savePrepSiteSettingsAction(
  siteId: unknown,
  input: unknown,
): Promise<ActionResult<PrepSiteSettingsValues>> {
  const staff = await requireStaff([UserRole.ADMIN]);
  const parsed = identifierSchema.safeParse(siteId);
  if (!parsed.success) return { ok: false, message: "That prep site does not exist." };
  return runAction("prep site settings", async () => {
    const values = await savePrepSiteSettings(staff.scope, parsed.data, input);
    logger.info("prep site settings saved", { siteId: parsed.data, actor: staff.actor });
    revalidatePath("/prep-jobs");
    return values;
  });
}

const DISPLAY_LINKS_PATH = "/prep-jobs/display-links";
const run = <T>(work: () => Promise<T>) => runAction("display link", work);

export async function createDisplayLinkAction(
  input: unknown,
): Promise<ActionResult<{ link: DisplayLinkSummary; url: string }>> {
  const staff = await requireStaff(rolesWith("manage-integrations"));
  return run(async () => {
    const { link, token } = await createDisplayLink(staff.scope, createDisplayLinkInput.parse(input));
    logger.info("display link created", { displayLinkId: link.id, actor: staff.actor });
    revalidatePath(DISPLAY_LINKS_PATH);
    return { link, url: `${publicBaseUrl()}/display/${token}` };
  });
}

export async function revokeDisplayLinkAction(id: unknown): Promise<ActionResult<null>> {
  const staff = await requireStaff(rolesWith("manage-integrations"));
  const parsed = identifierSchema.safeParse(id);
  if (!parsed.success) return { ok: false, message: "That link does not exist." };
  const linkId = parsed.data;
  return run(async () => {
    await revokeDisplayLink(staff.scope, linkId);
    logger.info("display link revoked", { displayLinkId: linkId, actor: staff.actor });
    revalidatePath(DISPLAY_LINKS_PATH);
    return null;
  });
}
