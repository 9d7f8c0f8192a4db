// What the staff pages' server actions answer: the data, or a message a person can act on (and, for a
// form, one message per field). Never a stack trace or an internal error text.
import { unstable_rethrow } from "next/navigation";
import { z } from "zod";
import { AppError } from "@/lib/errors/app-error";
import { logger } from "@/lib/logger";
import { recordWriteFence } from "@/lib/read-replicas/read-kysely";

export type ActionResult<T = null> =
  { ok: true; data: T } | { ok: false; message: string; fieldErrors?: Record<string, string> };

export type ActionFailure = Extract<ActionResult<never>, { ok: false }>;

const GENERIC_FAILURE = "Something went wrong on our side. Please try again in a moment.";

/**
 * A failed action in words: a domain error's own message, a validation error per field, anything else
 * logged and said generically. Next's control flow (redirect, notFound, forbidden from requireStaff)
 * is rethrown for Next to handle.
 */
export function actionFailure(error: unknown, context: string): ActionFailure {
  unstable_rethrow(error);
  if (error instanceof z.ZodError) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of error.issues) fieldErrors[issue.path.map(String).join(".")] ??= issue.message;
    return { ok: false, message: "Please correct the highlighted fields.", fieldErrors };
  }
  if (error instanceof AppError) {
    const fieldErrors = error.errors?.length
      ? Object.fromEntries(error.errors.map((field) => [field.path, field.message]))
      : undefined;
    return { ok: false, message: error.message, ...(fieldErrors ? { fieldErrors } : {}) };
  }
  logger.error(`${context} action failed`, { error });
  return { ok: false, message: GENERIC_FAILURE };
}

/** Runs one action's work and answers its result. */
export async function runAction<T>(context: string, work: () => Promise<T>): Promise<ActionResult<T>> {
  try {
    return { ok: true, data: await work() };
  } catch (error) {
    return actionFailure(error, context);
  } finally {
    // Before the answer leaves: the user's next reads must find this write (lib/read-replicas).
    await recordWriteFence();
  }
}

/** One line, for places without fields to highlight (the board's details, a bulk report). */
export function inlineMessage(failure: ActionFailure): string {
  const [path, message] = Object.entries(failure.fieldErrors ?? {})[0] ?? [];
  return path !== undefined && message && !failure.message.includes(message)
    ? `${failure.message} (${path || "input"}: ${message})`
    : failure.message;
}

/** One line of a bulk action's report. */
export type BulkOutcome = { id: string; ok: true } | { id: string; ok: false; message: string };
