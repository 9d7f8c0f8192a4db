// The e-mail outbox: a message is written in the transaction that causes it and sent by the worker.
import { asKysely, type Queryable } from "@/lib/db";
import { newId } from "@/lib/ids";

export type EmailKind =
  | "tracking"
  | "delivered"
  | "aborted"
  | "endpoint_disabled"
  | "at_risk_digest"
  | "job_link"
  | "carrier_invite"
  | "marketplace_posted"
  | "marketplace_won";

export async function enqueueEmail(
  tx: Queryable,
  {
    at,
    ...email
  }: {
    organisationId: string;
    kind: EmailKind;
    to: string;
    subject: string;
    text: string;
    /** The HTML alternative of text (branded-email.ts), for customers' and carriers' messages. */
    html?: string;
    /** When it is written (default now): the caller's clock, where it has one. */
    at?: Date;
  },
): Promise<void> {
  // Kysely: every tracked create writes one, and ORM queries cost ~1 ms of CPU each to compile.
  const now = at ?? new Date();
  await asKysely(tx)
    .insertInto("EmailMessage")
    .values({ id: newId(), ...email, nextAttemptAt: now, createdAt: now })
    .execute();
}
