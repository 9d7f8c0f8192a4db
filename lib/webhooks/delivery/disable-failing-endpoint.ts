// An endpoint whose deliveries have all failed for WEBHOOK_DISABLE_AFTER (default 5 days), and that has
// exhausted the whole retry schedule at least once, is disabled; its profile's owner gets an e-mail and
// the organisation a notice in the UI. Its pending deliveries wait: re-enabling resumes them.
import type { Kdb } from "@/lib/db";
import { newId } from "@/lib/ids";
import { enqueueEmail } from "@/lib/notifications/enqueue-email";
import { disableAfterMs } from "@/lib/webhooks/delivery/retry-schedule";

export type FailingEndpoint = { id: string; url: string; profileId: string };

/** Run it in a transaction (`trx`): the disabling, the notice and the e-mail go together. */
export async function disableFailingEndpoint(
  trx: Kdb,
  endpoint: FailingEndpoint,
  failure: { failingSince: Date; now: Date; scheduleExhausted: boolean },
): Promise<boolean> {
  if (failure.now.getTime() - failure.failingSince.getTime() < disableAfterMs()) return false;
  const exhausted =
    failure.scheduleExhausted ||
    (await trx
      .selectFrom("WebhookDelivery as d")
      .select("d.id")
      .where("d.endpointId", "=", endpoint.id)
      .where("d.status", "=", "FAILED")
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom("WebhookAttempt as a")
            .select("a.id")
            .whereRef("a.deliveryId", "=", "d.id")
            .where("a.attemptedAt", ">=", failure.failingSince),
        ),
      )
      .limit(1)
      .executeTakeFirst()) !== undefined;
  if (!exhausted) return false;

  const reason = `Every delivery failed since ${failure.failingSince.toISOString()}`;
  const disabled = await trx
    .updateTable("WebhookEndpoint")
    .set({ enabled: false, disabledAt: failure.now, disabledReason: reason, updatedAt: failure.now })
    .where("id", "=", endpoint.id)
    .where("enabled", "=", true)
    .executeTakeFirst();
  if (disabled.numUpdatedRows === BigInt(0)) return false; // another worker disabled it first
  const profile = await trx
    .selectFrom("Profile")
    .select(["organisationId", "ownerEmail", "name"])
    .where("id", "=", endpoint.profileId)
    .executeTakeFirstOrThrow();
  const message = `The webhook endpoint ${endpoint.url} was disabled: ${reason.toLowerCase()}. Fix it, then enable it again to resume the pending deliveries.`;
  await trx
    .insertInto("Notice")
    .values({
      id: newId(),
      organisationId: profile.organisationId,
      kind: "webhook_endpoint_disabled",
      message,
    })
    .execute();
  await enqueueEmail(trx, {
    organisationId: profile.organisationId,
    kind: "endpoint_disabled",
    to: profile.ownerEmail,
    subject: "A webhook endpoint was disabled",
    text: `${message}\n\nEndpoint id: ${endpoint.id}\nProfile: ${profile.name}\n`,
  });
  return true;
}
