"use server";
// The movement board's server actions. Each checks the signed-in staff member may dispatch, validates
// its input with the API's own schemas, and calls the same domain function as the operations API, with
// the staff scope (the organisation, no profile: staff act across their organisation). The transition
// table decides what is allowed, exactly as for the API.
import { revalidatePath } from "next/cache";
import { unstable_rethrow } from "next/navigation";
import { z } from "zod";
import type { ActionResult, BulkOutcome } from "@/components/board/action-result";
import { requireStaff } from "@/lib/auth/require-staff";
import { rolesWith } from "@/lib/auth/roles";
import { AppError } from "@/lib/errors/app-error";
import { logger } from "@/lib/logger";
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
const GENERIC_FAILURE = "Something went wrong on our side. Please try again in a moment.";

const idSchema = identifierSchema;
const cancelInput = z.strictObject({ reason: textUpTo(500).optional() }).optional();
const bulkAssignInput = z.strictObject({
  requestIds: z.array(idSchema).min(1, "Select at least one movement").max(MAX_BULK),
  driverId: idSchema,
});

async function dispatcher() {
  return requireStaff(rolesWith("dispatch"));
}

/** The message a person sees: a domain error's own, a validation error's first, else a generic one. */
function messageOf(error: unknown): string {
  if (error instanceof AppError) {
    const field = error.errors?.[0];
    return field && error.code === "VALIDATION_ERROR" && !error.message.includes(field.message)
      ? `${error.message} (${field.path}: ${field.message})`
      : error.message;
  }
  if (error instanceof z.ZodError) {
    const issue = error.issues[0];
    const path = issue?.path.map(String).join(".");
    return issue ? `${path ? `${path}: ` : ""}${issue.message}` : "The input is not valid.";
  }
  logger.error("board action failed", { error });
  return GENERIC_FAILURE;
}

async function run<T>(work: () => Promise<T>): Promise<ActionResult<T>> {
  try {
    const data = await work();
    revalidatePath(BOARD_PATH);
    return { ok: true, data };
  } catch (error) {
    unstable_rethrow(error);
    return { ok: false, message: messageOf(error) };
  }
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
        unstable_rethrow(error);
        outcomes.push({ id, ok: false, message: messageOf(error) });
      }
    }
    return outcomes;
  });
}

// ── saved views (any staff member who sees the board) ──

export async function saveViewAction(input: unknown): Promise<ActionResult<SavedViewItem>> {
  const staff = await requireStaff(rolesWith("view-board"));
  return run(async () => {
    const parsed = z.object({ name: z.string(), query: z.string() }).parse(input);
    return saveView(staff.user.id, parsed);
  });
}

export async function deleteViewAction(viewId: string): Promise<ActionResult> {
  const staff = await requireStaff(rolesWith("view-board"));
  return run(async () => {
    await deleteSavedView(staff.user.id, idSchema.parse(viewId));
    return null;
  });
}
