// Sends what the e-mail outbox holds. Claims with SKIP LOCKED and a lease, like webhook deliveries, so
// several workers never send one message twice at once, and a dead worker's claims come back.
import type { Kdb } from "@/lib/db";
import { logger } from "@/lib/logger";
import { mailTransport, type MailTransport } from "@/lib/notifications/mail-transport";
import { afterFailedAttempt, isClaimable, leaseEnd, senderOfClaimed } from "@/lib/notifications/outbox";

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
        .where(isClaimable)
        .orderBy("nextAttemptAt")
        .limit(batchSize)
        .forUpdate()
        .skipLocked()
        .as("due"),
    )
    .set({ lockedUntil: leaseEnd() })
    .whereRef("m.id", "=", "due.id")
    .returning((eb) => [
      "m.id",
      "m.organisationId",
      "m.to",
      "m.subject",
      "m.text",
      "m.html",
      "m.attemptCount",
      ...senderOfClaimed(eb),
    ])
    .execute();
  for (const email of claimed) {
    try {
      // The organisation's name and reply-to are for its customers' and carriers' (branded) messages;
      // the service's notices to staff come from MAIL_FROM as it is.
      await send(email.html ? email : { ...email, fromName: null, replyTo: null });
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
      logger.warn("e-mail not sent", { emailId: email.id, attempts, error });
      await kdb
        .updateTable("EmailMessage")
        .set({ attemptCount: attempts, ...afterFailedAttempt(attempts, error) })
        .where("id", "=", email.id)
        .execute();
    }
  }
  return claimed.length;
}
