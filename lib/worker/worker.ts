// The event worker: delivers webhooks, sends the e-mail outbox, plans the pool when asked from the
// board, keeps the history tables' monthly partitions, purges expired positions, and once a minute finds
// the requests at risk of missing their deadline and estimates every open request's arrival. It runs as
// a process of its own (lib/worker/main.ts: `npm start`'s `vms-worker`, `npm run worker`), or inside a
// lone Next process (`npm run dev`); any number of workers may run side by side. Woken by new events, it
// also polls, so a missed wake-up only delays.
import { randomUUID } from "node:crypto";
import { setMaxListeners } from "node:events";
import { hostname } from "node:os";
import { kysely } from "@/lib/db";
import { env } from "@/lib/env";
import { onEventAnnounced } from "@/lib/events/event-wakeups";
import { startHeartbeat } from "@/lib/worker/heartbeat";
import { runHistoryPass } from "@/lib/history/history-pass";
import { logger } from "@/lib/logger";
import { evaluateAtRisk } from "@/lib/movement-requests/at-risk/evaluate-at-risk";
import { refreshEstimatedArrivals } from "@/lib/movement-requests/eta/refresh-estimated-arrivals";
import { rollUpWorkingHours } from "@/lib/reports/roll-up-working-hours";
import { refreshAllReconReports } from "@/lib/reports/rollups/recon-rollup";
import { refreshAllReportRollups } from "@/lib/reports/rollups/refresh-report-rollups";
import { purgeExpiredPositions } from "@/lib/positions/purge-expired-positions";
import { planRequestedPlans } from "@/lib/planning/plan-requested-plans";
import { openSpan, type Attributes, type OpenSpan } from "@/lib/tracing/spans";
import { purgeFinishedCustomers } from "@/lib/notifications/customer/purge-finished-customers";
import { sendDueCustomerMessages } from "@/lib/notifications/customer/send-due-customer-messages";
import { sendDueEmails } from "@/lib/notifications/send-due-emails";
import { batchAttempts, type RecordAttempt } from "@/lib/webhooks/delivery/attempt-batcher";
import { claimDueDeliveries, releaseDeliveries } from "@/lib/webhooks/delivery/claim-due-deliveries";
import { deliverOne } from "@/lib/webhooks/delivery/deliver-one";
import { endpointGate } from "@/lib/webhooks/delivery/endpoint-gate";
import { disableQuietFailingEndpoints } from "@/lib/webhooks/delivery/disable-quiet-failing-endpoints";

export type WorkerOptions = {
  /** Deliveries in flight at once (default WEBHOOK_CONCURRENCY). */
  concurrency?: number;
  /** Deliveries of one endpoint this worker has in flight at once (default WEBHOOK_ENDPOINT_CONCURRENCY). */
  perEndpoint?: number;
  pollIntervalMs?: number;
  maintenanceIntervalMs?: number;
  /** On stop, how long attempts in flight may take to finish before they are cut. */
  stopGraceMs?: number;
};

export type RunningWorker = { id: string; stop: () => Promise<void> };

/** A claim outlives the longest attempt (the timeout) with room to record it. */
const leaseMs = () => 2 * env().WEBHOOK_TIMEOUT_MS + 5_000;
/**
 * Within the 10 s a shutdown gets (lib/worker/worker-process.ts, server/start.mjs, which drains HTTP for up
 * to 5 s first): a receiver answering within this long is not sent the event twice.
 */
const DEFAULT_STOP_GRACE_MS = 3_000;
/** How soon a vehicle's new position moves its request's estimated arrival (docs/tracking.md). */
const NEW_POSITIONS_POLL_MS = 5_000;
/** How soon a plan asked for from the board is picked up when its wake-up was missed. */
const PLANS_POLL_MS = 2_000;
/** The recon reports follow a job's work items within seconds: a pass is one indexed read when idle. */
const RECON_REPORTS_POLL_MS = 10_000;
/** Wake-ups (a new event, a finished attempt) within this long share one claim. */
const COALESCE_WAKEUPS_MS = 10;
/**
 * An endpoint's claims, as a multiple of its share of requests in flight: the rest wait for a slot in
 * the worker (endpoint-gate.ts). One share deep, a waiting delivery waits at most one timeout, so its
 * attempt still ends within the lease (twice the timeout and 5 s).
 */
const CLAIMED_PER_SHARE = 2;

export function startWorker(options: WorkerOptions = {}): RunningWorker {
  const id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const concurrency = options.concurrency ?? env().WEBHOOK_CONCURRENCY;
  const perEndpoint = options.perEndpoint ?? env().WEBHOOK_ENDPOINT_CONCURRENCY;
  const pollIntervalMs = options.pollIntervalMs ?? 1_000;
  const graceMs = options.stopGraceMs ?? DEFAULT_STOP_GRACE_MS;
  const abort = new AbortController();
  // Every attempt in flight listens to it: as many listeners as slots is expected, not a leak.
  setMaxListeners(concurrency + 1, abort.signal);
  const record = batchAttempts(id);
  const inFlight = new Map<string, Promise<unknown>>();
  /** This worker's claims per endpoint not yet answered: a full endpoint is left out of the next claim. */
  const inFlightByEndpoint = new Map<string, number>();
  const gate = endpointGate(perEndpoint);
  const countInFlight = (endpointId: string, change: 1 | -1) => {
    const count = (inFlightByEndpoint.get(endpointId) ?? 0) + change;
    if (count > 0) inFlightByEndpoint.set(endpointId, count);
    else inFlightByEndpoint.delete(endpointId);
  };
  let running = true;
  let wake: (() => void) | undefined;
  let wakeTimer: NodeJS.Timeout | undefined;
  /** A wake-up that came while the loop was busy claiming: the next sleep is skipped. */
  let wakePending = false;
  let emailsSentAt = 0;
  const wakeSoon = () => {
    wakeTimer ??= setTimeout(() => {
      wakeTimer = undefined;
      if (wake) wake();
      else wakePending = true;
    }, COALESCE_WAKEUPS_MS);
  };

  // PostgreSQL delivers the notification at commit, so the event is claimable when it wakes us.
  const stopListening = onEventAnnounced(wakeSoon);
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (wakePending) {
        wakePending = false;
        return resolve();
      }
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    }).finally(() => (wake = undefined));

  const heartbeat = startHeartbeat(id);
  const deliveryLoop = async () => {
    while (running) {
      heartbeat.beat();
      // A span for each round that did work (while tracing is on), started late with the round's start
      // time: an idle poll a second would bury the rounds that matter.
      const roundStartedAt = Date.now();
      let round: OpenSpan | undefined;
      const traceRound = (attributes: Attributes) => {
        round ??= openSpan("worker.loop", {
          root: true,
          startTime: roundStartedAt,
          attributes: { "vms.worker.id": id },
        });
        round?.span.setAttributes(attributes);
        return round;
      };
      try {
        const free = concurrency - inFlight.size;
        if (free > 0) {
          const deliveries = await claimDueDeliveries(kysely(), {
            workerId: id,
            batchSize: free,
            perEndpoint: perEndpoint * CLAIMED_PER_SHARE,
            leaseMs: leaseMs(),
            inFlightByEndpoint,
          });
          if (deliveries.length > 0) traceRound({ "vms.worker.claimed": deliveries.length });
          for (const delivery of deliveries) {
            // The endpoint's claims and its slot in the gate are free once the receiver answered, while
            // the outcome waits for its batch (the worker's slot is held until then).
            let endpointSlotHeld = true;
            const releaseEndpointSlot = () => {
              if (!endpointSlotHeld) return;
              endpointSlotHeld = false;
              countInFlight(delivery.endpointId, -1);
              wakeSoon();
            };
            const recordAnswered: RecordAttempt = (finished) => {
              releaseEndpointSlot();
              return record(finished);
            };
            const deliver = async () => {
              const leave = await gate.enter(delivery.endpointId, abort.signal);
              // Stopping: one that waited for its slot is not started; its claim is given back.
              if (!running) {
                leave();
                return undefined;
              }
              try {
                return await deliverOne(delivery, {
                  workerId: id,
                  record: (finished) => {
                    leave();
                    return recordAnswered(finished);
                  },
                  signal: abort.signal,
                });
              } finally {
                leave();
              }
            };
            // Each attempt's span is a child of the round's.
            const attempt = (round ? round.run(deliver) : deliver())
              .catch((error: unknown) =>
                logger.error("webhook delivery failed", { deliveryId: delivery.id, error }),
              )
              .finally(() => {
                inFlight.delete(delivery.id);
                releaseEndpointSlot();
                wakeSoon();
              });
            inFlight.set(delivery.id, attempt);
            countInFlight(delivery.endpointId, 1);
          }
        }
        // The outbox is looked at once per poll interval, not on every claim.
        if (Date.now() - emailsSentAt >= pollIntervalMs) {
          emailsSentAt = Date.now();
          const send = async () =>
            (await sendDueEmails(kysely())) + (await sendDueCustomerMessages(kysely()));
          const sent = await (round ? round.run(send) : send());
          if (sent > 0) traceRound({ "vms.worker.emails_sent": sent });
        }
        round?.end();
      } catch (error) {
        logger.error("worker cycle failed", { workerId: id, error });
        traceRound({})?.end({ error });
      }
      if (!running) break;
      // Claims fill every free slot (or take all that is claimable): the next one waits for a wake-up.
      await sleep(pollIntervalMs);
    }
  };

  // The passes over backlogs (in chunks, resting between them). A stop aborts them after their chunk in
  // flight and waits for them, so that none outlives the worker's connections.
  const passes = new AbortController();
  const passesInFlight = new Set<Promise<unknown>>();
  const tracked = (pass: Promise<unknown>) => {
    passesInFlight.add(pass);
    void pass.finally(() => passesInFlight.delete(pass));
    return pass;
  };
  // A pass still working a backlog is not joined by the next tick's.
  const oneAtATime = (pass: () => Promise<unknown>) => {
    let running: Promise<unknown> | undefined;
    return () => void (running ??= tracked(pass().finally(() => (running = undefined))));
  };
  const { signal } = passes;
  const findRequestsAtRisk = oneAtATime(() =>
    evaluateAtRisk(new Date(), { signal })
      .then((pass) => {
        if (pass && pass.evaluated > 0) logger.info("at-risk pass", pass);
      })
      .catch((error: unknown) => logger.error("at-risk pass failed", { error })),
  );
  // The reports' daily roll-ups: the days writes marked (after a deployment, the back-fill's every
  // day), in short chunks. One instance at a time, under an advisory lock as the at-risk pass.
  const refreshReportRollups = oneAtATime(() =>
    refreshAllReportRollups(kysely(), { signal })
      .then((days) => days > 0 && logger.info("report roll-ups refreshed", { days }))
      .catch((error: unknown) => logger.error("report roll-up pass failed", { error })),
  );
  // Every open request once a minute; between, the requests whose vehicle reported a new position. Each
  // kind one at a time; the two run side by side, their chunks taking turns under one lock, so that a
  // long minute's pass does not hold back a new position's.
  const arrivalsPass = (onlyNewPositions: boolean) =>
    oneAtATime(() =>
      refreshEstimatedArrivals(new Date(), { onlyNewPositions, signal })
        .then((done) => done.announced > 0 && logger.info("eta pass", done))
        .catch((error: unknown) => logger.error("eta pass failed", { error })),
    );
  const refreshAllArrivals = arrivalsPass(false);
  const refreshNewPositions = arrivalsPass(true);
  const refreshArrivals = (onlyNewPositions: boolean) =>
    onlyNewPositions ? refreshNewPositions() : refreshAllArrivals();
  const newPositions = setInterval(() => refreshArrivals(true), NEW_POSITIONS_POLL_MS);
  newPositions.unref();
  // Plans asked for from the board (docs/planning.md): woken with the events, else polled.
  const planPool = oneAtATime(() =>
    planRequestedPlans({ signal })
      .then((planned) => planned > 0 && logger.info("pool plans planned", { planned }))
      .catch((error: unknown) => logger.error("planning pass failed", { error })),
  );
  const stopPlanWakeups = onEventAnnounced(planPool);
  const plansPoll = setInterval(planPool, PLANS_POLL_MS);
  plansPoll.unref();
  // The recon reports' roll-ups: the jobs whose work items or arrival and frontline changed.
  const refreshReconReports = oneAtATime(() =>
    refreshAllReconReports(kysely(), { signal })
      .then((jobs) => jobs > 0 && logger.info("recon report roll-ups refreshed", { jobs }))
      .catch((error: unknown) => logger.error("recon report roll-up pass failed", { error })),
  );
  refreshReconReports();
  const reconPoll = setInterval(refreshReconReports, RECON_REPORTS_POLL_MS);
  reconPoll.unref();
  // The history tables' partitions: an online move still under way, the months ahead, the expired
  // months archived and dropped (docs/operations.md, "History partitions").
  const maintainHistory = oneAtATime(() =>
    runHistoryPass({ signal })
      .then((pass) => {
        if (pass.partitioned.length || pass.madePartitions || pass.expired.length) {
          logger.info("history pass", pass);
        }
      })
      .catch((error: unknown) => logger.error("history pass failed", { error })),
  );
  maintainHistory();
  // At start too: a fresh demo, or a worker back after a while, shows the flags and reports at once.
  findRequestsAtRisk();
  refreshReportRollups();
  refreshArrivals(false);
  const maintenance = setInterval(() => {
    disableQuietFailingEndpoints(kysely()).catch((error: unknown) =>
      logger.error("endpoint sweep failed", { error }),
    );
    maintainHistory();
    purgeExpiredPositions()
      .then((purged) => purged.legs > 0 && logger.info("expired positions purged", purged))
      .catch((error: unknown) => logger.error("position purge failed", { error }));
    purgeFinishedCustomers()
      .then((purged) => purged.customers > 0 && logger.info("finished customers purged", purged))
      .catch((error: unknown) => logger.error("customer purge failed", { error }));
    findRequestsAtRisk();
    refreshReportRollups();
    refreshArrivals(false);
    rollUpWorkingHours(kysely()).catch((error: unknown) =>
      logger.error("working-hours roll-up failed", { error }),
    );
    kysely()
      .deleteFrom("IdempotencyRecord")
      .where("expiresAt", "<", new Date())
      .execute()
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
      clearInterval(newPositions);
      clearInterval(plansPoll);
      clearInterval(reconPoll);
      stopPlanWakeups();
      clearTimeout(wakeTimer);
      stopListening();
      wake?.();
      passes.abort();
      await loop;
      await Promise.allSettled(passesInFlight);
      await heartbeat.stop();
      // In-flight attempts get a moment to finish (and be recorded, so not sent again); the ones
      // still waiting are cut.
      const settled = Promise.allSettled(inFlight.values());
      const grace = new Promise((resolve) => setTimeout(resolve, graceMs).unref());
      await Promise.race([settled, grace]);
      abort.abort();
      await settled;
      // Whatever this worker still holds (cut, or claimed by the last claim) is given back: another
      // worker may take it at once; at-least-once allows the redelivery.
      await releaseDeliveries(kysely(), id).catch((error: unknown) =>
        logger.error("releasing claims failed", { workerId: id, error }),
      );
      logger.info("worker stopped", { workerId: id });
    },
  };
}
