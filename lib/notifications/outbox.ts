// What the two message outboxes (EmailMessage, CustomerMessage) share: which rows a claim may take, its
// lease, and what a failed attempt leaves. Due and lease times compare with the database's clock.
import { sql, type DB, type Expression, type ExpressionBuilder, type SqlBool } from "@/lib/db";

const LEASE_MS = 60_000;
const MAX_ATTEMPTS = 8;

type OutboxTable = "EmailMessage" | "CustomerMessage";

/** Pending, due, and not leased by a live worker (in a claim's select from one outbox table). */
export function isClaimable<D, TB extends keyof D>(eb: ExpressionBuilder<D, TB>): Expression<SqlBool> {
  // Both tables have these three columns; Kysely cannot say "a table with these columns" generically.
  const outbox = eb as unknown as ExpressionBuilder<DB, OutboxTable>;
  return outbox.and([
    outbox("status", "=", "PENDING"),
    outbox("nextAttemptAt", "<=", outbox.fn<Date>("now")),
    outbox.or([outbox("lockedUntil", "is", null), outbox("lockedUntil", "<", outbox.fn<Date>("now"))]),
  ]);
}

/** The organisation's sender settings as they are when a claimed message ("m") is sent. */
export function senderOfClaimed<D, TB extends keyof D>(eb: ExpressionBuilder<D, TB>) {
  const claimed = eb as unknown as ExpressionBuilder<DB & { m: DB[OutboxTable] }, "m">;
  const setting = <C extends "mailFromName" | "mailReplyTo">(column: C) =>
    claimed.selectFrom("Organisation as o").select(`o.${column}`).whereRef("o.id", "=", "m.organisationId");
  return [setting("mailFromName").as("fromName"), setting("mailReplyTo").as("replyTo")] as const;
}

/** A claim's lease. Interval arithmetic has no builder in Kysely. */
export function leaseEnd() {
  return sql<Date>`now() + ${LEASE_MS}::int * interval '1 millisecond'`;
}

/** After the attempt-th failure: retried with backoff (2^n s), or FAILED after the last. */
export function afterFailedAttempt(attempts: number, error: unknown) {
  return {
    lastError: (error instanceof Error ? error.message : String(error)).slice(0, 1000),
    lockedUntil: null,
    ...(attempts >= MAX_ATTEMPTS
      ? { status: "FAILED" as const }
      : { nextAttemptAt: new Date(Date.now() + 2 ** attempts * 1000) }),
  };
}
