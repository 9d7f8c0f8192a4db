// An endpoint whose deliveries have all failed for WEBHOOK_DISABLE_AFTER (default 5 days), and that has
// exhausted the whole retry schedule at least once, is disabled; its profile's owner gets an e-mail and
// the organisation a notice in the UI. Its pending deliveries wait: re-enabling resumes them.
import { asKysely } from "@/lib/db";
import type { Prisma, WebhookEndpoint } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import { enqueueEmail } from "@/lib/notifications/enqueue-email";
import { disableAfterMs } from "@/lib/webhooks/delivery/retry-schedule";

export async function disableFailingEndpoint(
  tx: Prisma.TransactionClient,
  endpoint: WebhookEndpoint,
  failure: { failingSince: Date; now: Date; scheduleExhausted: boolean },
): Promise<boolean> {
  if (failure.now.getTime() - failure.failingSince.getTime() < disableAfterMs()) return false;
  const exhausted =
    failure.scheduleExhausted ||
    (await tx.webhookDelivery.count({
      where: {
        endpointId: endpoint.id,
        status: "FAILED",
        attempts: { some: { attemptedAt: { gte: failure.failingSince } } },
      },
    })) > 0;
  if (!exhausted) return false;

  const reason = `Every delivery failed since ${failure.failingSince.toISOString()}`;
  const { count } = await tx.webhookEndpoint.updateMany({
    where: { id: endpoint.id, enabled: true },
    data: { enabled: false, disabledAt: failure.now, disabledReason: reason },
  });
  if (count === 0) return false; // another worker disabled it first
  const profile = await tx.profile.findUniqueOrThrow({ where: { id: endpoint.profileId } });
  const message = `The webhook endpoint ${endpoint.url} was disabled: ${reason.toLowerCase()}. Fix it, then enable it again to resume the pending deliveries.`;
  await tx.notice.create({
    data: { id: newId(), organisationId: profile.organisationId, kind: "webhook_endpoint_disabled", message },
  });
  await enqueueEmail(asKysely(tx), {
    organisationId: profile.organisationId,
    kind: "endpoint_disabled",
    to: profile.ownerEmail,
    subject: "A webhook endpoint was disabled",
    text: `${message}\n\nEndpoint id: ${endpoint.id}\nProfile: ${profile.name}\n`,
  });
  return true;
}
