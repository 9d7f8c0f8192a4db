// The e-mail outbox: a message is written in the transaction that causes it and sent by the worker.
import type { Kdb } from "@/lib/db";
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
  | "marketplace_won"
  /** An estimate awaits a recon approver (lib/recon/notify-approvers.ts). */
  | "recon_approval"
  /** A sublet vendor's link to the items sent to it (lib/recon/sublet). */
  | "sublet_link";

export async function enqueueEmail(
  tx: Kdb,
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
  const now = at ?? new Date();
  await tx
    .insertInto("EmailMessage")
    .values({ id: newId(), ...email, nextAttemptAt: now, createdAt: now })
    .execute();
}
