// The event worker: delivers webhooks, sends the e-mail outbox, purges expired events. It runs inside
// the web process by default (instrumentation.ts) and alone with `npm run worker`; any number of
// workers may run side by side. Woken by new events, it also polls, so a missed wake-up only delays.
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { onEventAnnounced } from "@/lib/events/event-wakeups";
import { purgeExpiredEvents } from "@/lib/events/purge-expired-events";
import { logger } from "@/lib/logger";
import { sendDueEmails } from "@/lib/notifications/send-due-emails";
import { claimDueDeliveries, releaseDeliveries } from "@/lib/webhooks/delivery/claim-due-deliveries";
import { deliverOne } from "@/lib/webhooks/delivery/deliver-one";
import { disableQuietFailingEndpoints } from "@/lib/webhooks/delivery/disable-quiet-failing-endpoints";

export type WorkerOptions = {
  /** Deliveries in flight at once. */
  concurrency?: number;
  /** Deliveries of one endpoint in flight at once: a slow endpoint holds at most this many slots. */
  perEndpoint?: number;
  pollIntervalMs?: number;
  maintenanceIntervalMs?: number;
};

export type RunningWorker = { id: string; stop: () => Promise<void> };

/** A claim outlives the longest attempt (the timeout) with room to record it. */
const leaseMs = () => 2 * env().WEBHOOK_TIMEOUT_MS + 5_000;
/** After a wake-up that found nothing (the event's transaction had not committed yet), look again. */
const RECHECK_AFTER_WAKE_MS = 50;

export function startWorker(options: WorkerOptions = {}): RunningWorker {
  const id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const concurrency = options.concurrency ?? 32;
  const perEndpoint = options.perEndpoint ?? 4;
  const pollIntervalMs = options.pollIntervalMs ?? 1_000;
  const abort = new AbortController();
  const inFlight = new Map<string, Promise<unknown>>();
  let running = true;
  let wake: (() => void) | undefined;
  let wokenEarly = false;

  const stopListening = onEventAnnounced(() => {
    wokenEarly = true;
    wake?.();
  });
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    }).finally(() => (wake = undefined));

  const deliveryLoop = async () => {
    while (running) {
      wokenEarly = false;
      let claimed = 0;
      try {
        const free = concurrency - inFlight.size;
        if (free > 0) {
          const deliveries = await claimDueDeliveries(db(), {
            workerId: id,
            batchSize: free,
            perEndpoint,
            leaseMs: leaseMs(),
          });
          claimed = deliveries.length;
          for (const delivery of deliveries) {
            const attempt = deliverOne(db(), delivery, { workerId: id, signal: abort.signal })
              .catch((error: unknown) =>
                logger.error("webhook delivery failed", { deliveryId: delivery.id, error }),
              )
              .finally(() => {
                inFlight.delete(delivery.id);
                wake?.();
              });
            inFlight.set(delivery.id, attempt);
          }
        }
        await sendDueEmails(db());
      } catch (error) {
        logger.error("worker cycle failed", { workerId: id, error });
      }
      if (!running) break;
      if (claimed > 0 && inFlight.size < concurrency) continue;
      await sleep(wokenEarly ? RECHECK_AFTER_WAKE_MS : pollIntervalMs);
    }
  };

  const maintenance = setInterval(() => {
    disableQuietFailingEndpoints(db()).catch((error: unknown) =>
      logger.error("endpoint sweep failed", { error }),
    );
    purgeExpiredEvents()
      .then(({ deleted }) => deleted > 0 && logger.info("expired events purged", { deleted }))
      .catch((error: unknown) => logger.error("event purge failed", { error }));
    db()
      .idempotencyRecord.deleteMany({ where: { expiresAt: { lt: new Date() } } })
      .catch((error: unknown) => logger.error("idempotency purge failed", { error }));
  }, options.maintenanceIntervalMs ?? 60_000);
  maintenance.unref();

  const loop = deliveryLoop();
  logger.info("worker started", { workerId: id, concurrency });

  return {
    id,
    async stop() {
      running = false;
      clearInterval(maintenance);
      stopListening();
      wake?.();
      // In-flight attempts are cut and their claims given back: at-least-once allows a redelivery.
      const cut = [...inFlight.keys()];
      abort.abort();
      await loop;
      await Promise.allSettled(inFlight.values());
      await releaseDeliveries(db(), id, cut).catch(() => undefined);
      logger.info("worker stopped", { workerId: id });
    },
  };
}
