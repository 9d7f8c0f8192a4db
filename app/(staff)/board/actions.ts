"use server";
// The movement board's server actions. Each checks the signed-in staff member may dispatch, validates
// its input with the API's own schemas, and calls the same domain function as the operations API, with
// the staff scope (the organisation, no profile: staff act across their organisation). The transition
// table decides what is allowed, exactly as for the API.
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { requireStaff } from "@/lib/auth/require-staff";
import { rolesWith } from "@/lib/auth/roles";
import {
  actionFailure,
  inlineMessage,
  runAction,
  type ActionResult,
  type BulkOutcome,
} from "@/lib/http/action-result";
import { listJobLinks, type RequestJobLinks } from "@/lib/carrier-jobs/list-job-links";
import { newJobLink, type NewJobLink } from "@/lib/carrier-jobs/new-job-link";
import { revokeJobLink } from "@/lib/carrier-jobs/revoke-job-link";
import { jobLinkCarrierInput } from "@/lib/carrier-jobs/schemas";
import { deleteSavedView, saveView, type SavedViewItem } from "@/lib/movement-requests/board/saved-views";
import { cancelMovementRequest } from "@/lib/movement-requests/cancel-movement-request";
import { acceptMovementRequest } from "@/lib/movement-requests/operations/accept-movement-request";
import { assignMovementRequest } from "@/lib/movement-requests/operations/assign-movement-request";
import { markAborted } from "@/lib/movement-requests/operations/mark-aborted";
import { markCollected } from "@/lib/movement-requests/operations/mark-collected";
import { markDelivered } from "@/lib/movement-requests/operations/mark-delivered";
import { planWithDriver } from "@/lib/movement-requests/operations/plan-with-driver";
import {
  abortedBody,
  acceptBody,
  assignBody,
  collectedBody,
  deliveredBody,
} from "@/lib/movement-requests/operations/schemas";
import { identifierSchema, textUpTo } from "@/lib/schemas/common";

const BOARD_PATH = "/board";
const MAX_BULK = 100;

const idSchema = identifierSchema;
const cancelInput = z.strictObject({ reason: textUpTo(500).optional() }).optional();
const bulkAssignInput = z.strictObject({
  requestIds: z.array(idSchema).min(1, "Select at least one movement").max(MAX_BULK),
  driverId: idSchema,
});

async function dispatcher() {
  return requireStaff(rolesWith("dispatch"));
}

/** Runs one action; the board shows its message on one line, and re-renders after a change. */
async function run<T>(work: () => Promise<T>): Promise<ActionResult<T>> {
  const result = await runAction("board", work);
  if (result.ok) {
    revalidatePath(BOARD_PATH);
    return result;
  }
  return { ok: false, message: inlineMessage(result) };
}

// ── lifecycle actions (one per entry of the transition table the board offers) ──

/** Plan with a driver (`{driverId}`), offer to one (`{offerToDriverId}`) or send to a 3PL. */
export async function assignAction(requestId: string, input: unknown): Promise<ActionResult> {
  const staff = await dispatcher();
  return run(async () => {
    await assignMovementRequest(staff.scope, idSchema.parse(requestId), assignBody.parse(input));
    return null;
  });
}

export async function acceptAction(requestId: string, input?: unknown): Promise<ActionResult> {
  const staff = await dispatcher();
  return run(async () => {
    await acceptMovementRequest(staff.scope, idSchema.parse(requestId), acceptBody.parse(input));
    return null;
  });
}

export async function collectedAction(requestId: string, input?: unknown): Promise<ActionResult> {
  const staff = await dispatcher();
  return run(async () => {
    await markCollected(staff.scope, idSchema.parse(requestId), collectedBody.parse(input));
    return null;
  });
}

export async function deliveredAction(requestId: string, input?: unknown): Promise<ActionResult> {
  const staff = await dispatcher();
  return run(async () => {
    await markDelivered(staff.scope, idSchema.parse(requestId), deliveredBody.parse(input));
    return null;
  });
}

export async function abortAction(requestId: string, input: unknown): Promise<ActionResult> {
  const staff = await dispatcher();
  return run(async () => {
    await markAborted(staff.scope, idSchema.parse(requestId), abortedBody.parse(input));
    return null;
  });
}

export async function cancelAction(requestId: string, input?: unknown): Promise<ActionResult> {
  const staff = await dispatcher();
  return run(async () => {
    const reason = cancelInput.parse(input)?.reason?.trim();
    await cancelMovementRequest(staff.scope, idSchema.parse(requestId), reason || undefined);
    return null;
  });
}

/**
 * Plans each selected request with one driver, one at a time, each in its own transaction: one that
 * cannot be planned (its status, a collected leg) is reported and does not stop the others.
 */
export async function bulkAssignAction(input: unknown): Promise<ActionResult<BulkOutcome[]>> {
  const staff = await dispatcher();
  return run(async () => {
    const { requestIds, driverId } = bulkAssignInput.parse(input);
    const outcomes: BulkOutcome[] = [];
    for (const id of new Set(requestIds)) {
      try {
        await planWithDriver(staff.scope, id, { driverId });
        outcomes.push({ id, ok: true });
      } catch (error) {
        outcomes.push({ id, ok: false, message: inlineMessage(actionFailure(error, "bulk assign")) });
      }
    }
    return outcomes;
  });
}

// ── carriers' job links (docs/carrier-journey.md) ──

export async function jobLinksAction(requestId: string): Promise<ActionResult<RequestJobLinks>> {
  const staff = await dispatcher();
  const result = await runAction("board", () => listJobLinks(staff.scope, idSchema.parse(requestId)));
  return result.ok ? result : { ok: false, message: inlineMessage(result) };
}

/** A new link for a carrier of the request, shown once (to copy, or as a QR code). */
export async function newJobLinkAction(
  requestId: string,
  carrier: unknown,
): Promise<ActionResult<NewJobLink>> {
  const staff = await dispatcher();
  return run(() => newJobLink(staff.scope, idSchema.parse(requestId), jobLinkCarrierInput.parse(carrier)));
}

export async function revokeJobLinkAction(linkId: string): Promise<ActionResult> {
  const staff = await dispatcher();
  return run(async () => {
    await revokeJobLink(staff.scope, idSchema.parse(linkId));
    return null;
  });
}

// ── saved views (any staff member who sees the board) ──

export async function saveViewAction(input: unknown): Promise<ActionResult<SavedViewItem>> {
  const staff = await requireStaff(rolesWith("view-board"));
  return run(async () => {
    const parsed = z.object({ name: z.string(), query: z.string() }).parse(input);
    return saveView({ id: staff.user.id, organisationId: staff.scope.organisationId }, parsed);
  });
}

export async function deleteViewAction(viewId: string): Promise<ActionResult> {
  const staff = await requireStaff(rolesWith("view-board"));
  return run(async () => {
    await deleteSavedView(staff.user.id, idSchema.parse(viewId));
    return null;
  });
}
