// The application's own metrics, recorded where things happen (one call each): events written, webhook
// attempts and their outcomes, the wait from an event's write to its delivery's first attempt, the open
// live-update streams. Each process counts its own; /api/metrics adds them up across processes
// (lib/metrics/render-metrics.ts). The gauges read at scrape time are in register-metrics.ts.
import { decodeTime } from "ulid";
import client from "prom-client";
import { getOrCreate, METRIC_PREFIX } from "@/lib/metrics/process-metrics.mjs";

/** Seconds from an event's write to its first attempt: a wake-up takes milliseconds, a poll a second. */
const FIRST_ATTEMPT_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];

export const eventsWritten = () =>
  getOrCreate(
    `${METRIC_PREFIX}events_written_total`,
    () =>
      new client.Counter({
        name: `${METRIC_PREFIX}events_written_total`,
        help: "Events written to the outbox (with the change they describe; a rolled-back one counts too), by resource type.",
        labelNames: ["resource_type"] as const,
      }),
  );

export const webhookDeliveries = () =>
  getOrCreate(
    `${METRIC_PREFIX}webhook_deliveries_total`,
    () =>
      new client.Counter({
        name: `${METRIC_PREFIX}webhook_deliveries_total`,
        help: 'Webhook delivery attempts recorded, by outcome: "succeeded", "retrying" (failed, another attempt is scheduled) or "failed" (failed, the schedule is exhausted).',
        labelNames: ["outcome"] as const,
      }),
  );

export const firstAttemptLatency = () =>
  getOrCreate(
    `${METRIC_PREFIX}webhook_first_attempt_latency_seconds`,
    () =>
      new client.Histogram({
        name: `${METRIC_PREFIX}webhook_first_attempt_latency_seconds`,
        help: "From a delivery's creation (written with its event, in the same transaction) to its first attempt.",
        buckets: FIRST_ATTEMPT_BUCKETS,
      }),
  );

export const openStreams = () =>
  getOrCreate(
    `${METRIC_PREFIX}sse_open_connections`,
    () =>
      new client.Gauge({
        name: `${METRIC_PREFIX}sse_open_connections`,
        help: "Live-update streams (Server-Sent Events: board, kanban, workshop screens) open now.",
      }),
  );

/** An event written (lib/events/record-event.ts). */
export function countEventWritten(resourceType: string): void {
  eventsWritten().inc({ resource_type: resourceType });
}

type RecordedAttempt = {
  delivery: { id: string };
  number: number;
  attemptedAt: Date;
  outcome: { succeeded: boolean };
  nextAttemptAt?: Date;
};

/**
 * Attempts recorded (lib/webhooks/delivery/record-attempt.ts). A delivery's id is a ULID made when it
 * was written, so its first attempt's wait needs no column of its own.
 */
export function countAttempts(attempts: readonly RecordedAttempt[]): void {
  for (const attempt of attempts) {
    const outcome = attempt.outcome.succeeded ? "succeeded" : attempt.nextAttemptAt ? "retrying" : "failed";
    webhookDeliveries().inc({ outcome });
    const createdAt = attempt.number === 1 ? creationTimeOf(attempt.delivery.id) : undefined;
    if (createdAt !== undefined) {
      firstAttemptLatency().observe(Math.max(0, (attempt.attemptedAt.getTime() - createdAt) / 1000));
    }
  }
}

/** When a ULID was made (epoch ms); undefined for an id that is not one. */
function creationTimeOf(id: string): number | undefined {
  try {
    return decodeTime(id);
  } catch {
    return undefined;
  }
}

/** A live-update stream opened; the function returned closes it (call it once). */
export function trackOpenStream(): () => void {
  openStreams().inc();
  let open = true;
  return () => {
    if (open) openStreams().dec();
    open = false;
  };
}
