// Sends what the e-mail outbox holds. Claims with SKIP LOCKED and a lease, like webhook deliveries, so
// several workers never send one message twice at once, and a dead worker's claims come back.
import { sqlTimestamp, type Db } from "@/lib/db";
import { logger } from "@/lib/logger";
import { mailTransport, type MailTransport } from "@/lib/notifications/mail-transport";

const LEASE_MS = 60_000;
const MAX_ATTEMPTS = 8;

export async function sendDueEmails(
  client: Db,
  batchSize = 20,
  send: MailTransport = mailTransport(),
): Promise<number> {
  const claimed = await client.$queryRaw<
    {
      id: string;
      organisationId: string | null;
      to: string;
      subject: string;
      text: string;
      attemptCount: number;
    }[]
  >`
    UPDATE "EmailMessage" m SET "lockedUntil" = now() + ${LEASE_MS} * interval '1 millisecond'
    FROM (
      SELECT id FROM "EmailMessage"
      WHERE status = 'PENDING' AND "nextAttemptAt" <= now() AND ("lockedUntil" IS NULL OR "lockedUntil" < now())
      ORDER BY "nextAttemptAt" LIMIT ${batchSize} FOR UPDATE SKIP LOCKED
    ) due
    WHERE m.id = due.id
    RETURNING m.id, m."organisationId", m."to", m.subject, m.text, m."attemptCount"`;
  for (const email of claimed) {
    try {
      await send(email);
      // Raw: one per tracked create, and ORM queries cost ~1 ms of CPU each to compile.
      await client.$executeRaw`
        UPDATE "EmailMessage"
        SET "status" = 'SENT', "sentAt" = ${sqlTimestamp(new Date())},
            "attemptCount" = "attemptCount" + 1, "lockedUntil" = NULL
        WHERE "id" = ${email.id}`;
    } catch (error) {
      const attempts = email.attemptCount + 1;
      const message = error instanceof Error ? error.message : String(error);
      logger.warn("e-mail not sent", { emailId: email.id, attempts, error: message });
      await client.emailMessage.update({
        where: { id: email.id },
        data: {
          attemptCount: attempts,
          lastError: message.slice(0, 1000),
          lockedUntil: null,
          ...(attempts >= MAX_ATTEMPTS
            ? { status: "FAILED" }
            : { nextAttemptAt: new Date(Date.now() + 2 ** attempts * 1000) }),
        },
      });
    }
  }
  return claimed.length;
}
