// Disabling is decided when an attempt fails; an endpoint that stops receiving new events after its
// last failure would never be looked at again. The worker's maintenance sweep covers those.
import type { Kdb, NotNull } from "@/lib/db";
import { disableFailingEndpoint } from "@/lib/webhooks/delivery/disable-failing-endpoint";
import { disableAfterMs } from "@/lib/webhooks/delivery/retry-schedule";

/** `kdb`: not a transaction (each endpoint is disabled in one of its own). */
export async function disableQuietFailingEndpoints(kdb: Kdb, now = new Date()): Promise<number> {
  const candidates = await kdb
    .selectFrom("WebhookEndpoint")
    .select(["id", "url", "profileId", "failingSince"])
    .where("enabled", "=", true)
    .where("failingSince", "<=", new Date(now.getTime() - disableAfterMs()))
    .$narrowType<{ failingSince: NotNull }>()
    .execute();
  let disabled = 0;
  for (const endpoint of candidates) {
    const done = await kdb.transaction().execute((trx) =>
      disableFailingEndpoint(trx, endpoint, {
        failingSince: endpoint.failingSince,
        now,
        scheduleExhausted: false,
      }),
    );
    if (done) disabled += 1;
  }
  return disabled;
}
