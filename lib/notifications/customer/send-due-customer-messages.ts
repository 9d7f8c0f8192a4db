// Sends what the customer messages' outbox holds (docs/notifications.md). A claim takes due messages
// with SKIP LOCKED and a lease, and counts the attempt, in one statement; a worker that dies after the
// claim leaves a lease that runs out, and the next run takes the message again. The outcome is recorded
// after the provider's answer; a retry of a message the provider may already have accepted carries the
// same id (the SMS Idempotency-Key, the e-mail's Message-ID), so that the provider sends it once.
// Checked again at sending: an opt-out since it was written, and a road message overtaken by delivery.
import type { Kdb } from "@/lib/db";
import { logger } from "@/lib/logger";
import { TERMINAL_STATUSES } from "@/lib/schemas/movement-wire";
import { mailTransport, type MailTransport } from "@/lib/notifications/mail-transport";
import { afterFailedAttempt, isClaimable, leaseEnd, senderOfClaimed } from "@/lib/notifications/outbox";
import { smsTransport, type SmsTransport } from "@/lib/notifications/sms-transport";

export type CustomerTransports = { email: MailTransport; sms: SmsTransport };

export async function claimDueCustomerMessages(kdb: Kdb, batchSize = 20) {
  return kdb
    .updateTable("CustomerMessage as m")
    .from((eb) =>
      eb
        .selectFrom("CustomerMessage")
        .select("id")
        .where(isClaimable)
        .orderBy("nextAttemptAt")
        .limit(batchSize)
        .forUpdate()
        .skipLocked()
        .as("due"),
    )
    .set((eb) => ({
      lockedUntil: leaseEnd(),
      attemptCount: eb("m.attemptCount", "+", 1),
    }))
    .whereRef("m.id", "=", "due.id")
    .returning((eb) => [
      "m.id",
      "m.organisationId",
      "m.kind",
      "m.channel",
      "m.to",
      "m.subject",
      "m.text",
      "m.html",
      "m.optOutUrl",
      "m.attemptCount",
      eb
        .exists(
          eb
            .selectFrom("CustomerOptOut as x")
            .select("x.address")
            .whereRef("x.organisationId", "=", "m.organisationId")
            .whereRef("x.address", "=", "m.to"),
        )
        .as("optedOut"),
      eb
        .selectFrom("MovementRequest as r")
        .select("r.status")
        .whereRef("r.id", "=", "m.movementRequestId")
        .as("requestStatus"),
      ...senderOfClaimed(eb),
    ])
    .execute();
}

type Claimed = Awaited<ReturnType<typeof claimDueCustomerMessages>>[number];

/** Hands one claimed message to its channel; the provider's id of it, where it gives one. */
export async function dispatchCustomerMessage(
  message: Claimed,
  transports: CustomerTransports,
): Promise<string | null> {
  if (message.channel === "SMS") {
    const { providerMessageId } = await transports.sms({
      id: message.id,
      organisationId: message.organisationId,
      to: message.to,
      body: message.text,
    });
    return providerMessageId;
  }
  await transports.email({
    ...message,
    headers: {
      // One-click opt-out (RFC 8058): the mail client POSTs to the link; a GET only shows the page.
      "List-Unsubscribe": `<${message.optOutUrl}/confirm>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  });
  return null;
}

function skipReason(message: Claimed): string | null {
  if (message.optedOut) return "The customer opted out.";
  const terminal = message.requestStatus && TERMINAL_STATUSES.includes(message.requestStatus);
  if (terminal && message.kind !== "DELIVERED") return `Overtaken: the request is ${message.requestStatus}.`;
  return null;
}

export async function sendDueCustomerMessages(
  kdb: Kdb,
  batchSize = 20,
  transports: CustomerTransports = { email: mailTransport(), sms: smsTransport() },
): Promise<number> {
  const claimed = await claimDueCustomerMessages(kdb, batchSize);
  for (const message of claimed) {
    const skipped = skipReason(message);
    if (skipped) {
      await kdb
        .updateTable("CustomerMessage")
        .set({ status: "SKIPPED", lastError: skipped, lockedUntil: null })
        .where("id", "=", message.id)
        .execute();
      continue;
    }
    try {
      const providerMessageId = await dispatchCustomerMessage(message, transports);
      await kdb
        .updateTable("CustomerMessage")
        .set({ status: "SENT", sentAt: new Date(), providerMessageId, lockedUntil: null, lastError: null })
        .where("id", "=", message.id)
        .execute();
    } catch (error) {
      logger.warn("customer message not sent", {
        messageId: message.id,
        attempts: message.attemptCount,
        error,
      });
      await kdb
        .updateTable("CustomerMessage")
        .set(afterFailedAttempt(message.attemptCount, error))
        .where("id", "=", message.id)
        .execute();
    }
  }
  return claimed.length;
}
