// Idempotency of job-link actions, with the operations API's semantics (lib/http/idempotency.ts) but
// keyed by the link rather than an API key, and with no expiry: a phone may replay its offline queue
// days later. The same key with the same body answers the stored outcome and runs nothing; with
// another body it is 409 IDEMPOTENCY_KEY_REUSED; while the first attempt runs, 409 in progress. A
// crash of the first attempt (no outcome after a minute) lets the key be used again.
import "server-only";
import { createHash } from "node:crypto";
import { kysely } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import { newId } from "@/lib/ids";

const ABANDONED_AFTER_MS = 60 * 1000;

export type StoredOutcome = { status: number; body: string };
type Claim = { recordId: string } | { replay: StoredOutcome };

export function actionHash(body: Record<string, unknown>): string {
  const { idempotencyKey: _key, ...rest } = body;
  return createHash("sha256").update(JSON.stringify(rest)).digest("hex");
}

export async function claimActionKey(input: {
  jobLinkId: string;
  organisationId: string;
  idempotencyKey: string;
  action: string;
  requestHash: string;
}): Promise<Claim> {
  const now = new Date();
  const recordId = newId();
  const claimed = await kysely()
    .insertInto("JobLinkAction")
    .values({ id: recordId, ...input, createdAt: now })
    .onConflict((conflict) => conflict.columns(["jobLinkId", "idempotencyKey"]).doNothing())
    .executeTakeFirst();
  if (claimed.numInsertedOrUpdatedRows === BigInt(1)) return { recordId };
  const existing = await kysely()
    .selectFrom("JobLinkAction")
    .selectAll()
    .where("jobLinkId", "=", input.jobLinkId)
    .where("idempotencyKey", "=", input.idempotencyKey)
    .executeTakeFirstOrThrow();
  if (existing.requestHash !== input.requestHash) {
    throw new AppError(
      "IDEMPOTENCY_KEY_REUSED",
      "This idempotency key was already used for another action. Use a new key for a new action.",
    );
  }
  if (existing.responseStatus !== null) {
    return { replay: { status: existing.responseStatus, body: existing.responseBody ?? "" } };
  }
  if (now.getTime() - existing.createdAt.getTime() > ABANDONED_AFTER_MS) {
    // Take the key over, unless another attempt just did (the update then matches nothing).
    const taken = await kysely()
      .updateTable("JobLinkAction")
      .set({ createdAt: now })
      .where("id", "=", existing.id)
      .where("createdAt", "=", existing.createdAt)
      .executeTakeFirst();
    if (taken.numUpdatedRows === BigInt(1)) return { recordId: existing.id };
  }
  throw new AppError(
    "IDEMPOTENCY_REQUEST_IN_PROGRESS",
    "This action is still being processed. Retry with the same key in a moment.",
  );
}

export async function storeActionOutcome(recordId: string, outcome: StoredOutcome): Promise<void> {
  await kysely()
    .updateTable("JobLinkAction")
    .set({ responseStatus: outcome.status, responseBody: outcome.body })
    .where("id", "=", recordId)
    .execute();
}

export async function releaseActionKey(recordId: string): Promise<void> {
  await kysely().deleteFrom("JobLinkAction").where("id", "=", recordId).execute();
}
