// Sends what the e-mail outbox holds. Claims with SKIP LOCKED and a lease, like webhook deliveries, so
// several workers never send one message twice at once, and a dead worker's claims come back.
import { sql, type Kdb } from "@/lib/db";
import { logger } from "@/lib/logger";
import { mailTransport, type MailTransport } from "@/lib/notifications/mail-transport";

const LEASE_MS = 60_000;
const MAX_ATTEMPTS = 8;

export async function sendDueEmails(
  kdb: Kdb,
  batchSize = 20,
  send: MailTransport = mailTransport(),
): Promise<number> {
  const claimed = await kdb
    .updateTable("EmailMessage as m")
    .from((eb) =>
      eb
        .selectFrom("EmailMessage")
        .select("id")
        .where("status", "=", "PENDING")
        .where("nextAttemptAt", "<=", eb.fn<Date>("now"))
        .where((eb) => eb.or([eb("lockedUntil", "is", null), eb("lockedUntil", "<", eb.fn<Date>("now"))]))
        .orderBy("nextAttemptAt")
        .limit(batchSize)
        .forUpdate()
        .skipLocked()
        .as("due"),
    )
    // Interval arithmetic has no builder in Kysely.
    .set({ lockedUntil: sql<Date>`now() + ${LEASE_MS}::int * interval '1 millisecond'` })
    .whereRef("m.id", "=", "due.id")
    .returning((eb) => [
      "m.id",
      "m.organisationId",
      "m.to",
      "m.subject",
      "m.text",
      "m.html",
      "m.attemptCount",
      // The organisation's sender settings as they are when it is sent.
      eb
        .selectFrom("Organisation as o")
        .select("o.mailFromName")
        .whereRef("o.id", "=", "m.organisationId")
        .as("fromName"),
      eb
        .selectFrom("Organisation as o")
        .select("o.mailReplyTo")
        .whereRef("o.id", "=", "m.organisationId")
        .as("replyTo"),
    ])
    .execute();
  for (const email of claimed) {
    try {
      // The organisation's name and reply-to are for its customers' and carriers' (branded) messages;
      // the service's notices to staff come from MAIL_FROM as it is.
      await send(email.html ? email : { ...email, fromName: null, replyTo: null });
      // Kysely: one per tracked create, and Prisma's ORM queries cost ~1 ms of CPU each to compile.
      await kdb
        .updateTable("EmailMessage")
        .set((eb) => ({
          status: "SENT",
          sentAt: new Date(),
          attemptCount: eb("attemptCount", "+", 1),
          lockedUntil: null,
        }))
        .where("id", "=", email.id)
        .execute();
    } catch (error) {
      const attempts = email.attemptCount + 1;
      const message = error instanceof Error ? error.message : String(error);
      logger.warn("e-mail not sent", { emailId: email.id, attempts, error: message });
      await kdb
        .updateTable("EmailMessage")
        .set({
          attemptCount: attempts,
          lastError: message.slice(0, 1000),
          lockedUntil: null,
          ...(attempts >= MAX_ATTEMPTS
            ? { status: "FAILED" as const }
            : { nextAttemptAt: new Date(Date.now() + 2 ** attempts * 1000) }),
        })
        .where("id", "=", email.id)
        .execute();
    }
  }
  return claimed.length;
}
