// Disabling is decided when an attempt fails; an endpoint that stops receiving new events after its
// last failure would never be looked at again. The worker's maintenance sweep covers those.
import type { Db } from "@/lib/db";
import { disableFailingEndpoint } from "@/lib/webhooks/delivery/disable-failing-endpoint";
import { disableAfterMs } from "@/lib/webhooks/delivery/retry-schedule";

export async function disableQuietFailingEndpoints(client: Db, now = new Date()): Promise<number> {
  const candidates = await client.webhookEndpoint.findMany({
    where: { enabled: true, failingSince: { lte: new Date(now.getTime() - disableAfterMs()) } },
  });
  let disabled = 0;
  for (const endpoint of candidates) {
    const done = await client.$transaction((tx) =>
      disableFailingEndpoint(tx, endpoint, {
        failingSince: endpoint.failingSince!,
        now,
        scheduleExhausted: false,
      }),
    );
    if (done) disabled += 1;
  }
  return disabled;
}
