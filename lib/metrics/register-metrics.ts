// Every metric of the process, made at start-up (instrumentation.ts) so that a scrape shows them all
// from the first, zeros included. The gauges below are read when scraped: the database pool's
// connections (this process's), and the service's figures from the database (lib/operations/
// service-figures.ts), which every process reads alike, hence aggregated by "max", not summed.
import client from "prom-client";
import { databasePoolStats } from "@/lib/db";
import { eventsWritten, firstAttemptLatency, openStreams, webhookDeliveries } from "@/lib/metrics/metrics";
import { getOrCreate, installProcessMetrics, METRIC_PREFIX } from "@/lib/metrics/process-metrics.mjs";
import { registerReplicaMetrics } from "@/lib/metrics/replica-metrics";
import { currentServiceFigures, type ServiceFigures } from "@/lib/operations/service-figures";

type Reading = (figures: ServiceFigures) => number | null;

/** A gauge set from the service's figures at scrape time; left without a value when there is none. */
function figureGauge(name: string, help: string, read: Reading): void {
  getOrCreate(
    `${METRIC_PREFIX}${name}`,
    () =>
      new client.Gauge({
        name: `${METRIC_PREFIX}${name}`,
        help,
        aggregator: "max",
        async collect() {
          const value = read(await currentServiceFigures());
          if (value === null) this.reset();
          else this.set(value);
        },
      }),
  );
}

function poolGauge(
  name: string,
  help: string,
  read: (stats: ReturnType<typeof databasePoolStats>) => number,
) {
  getOrCreate(
    `${METRIC_PREFIX}${name}`,
    () =>
      new client.Gauge({
        name: `${METRIC_PREFIX}${name}`,
        help,
        collect() {
          this.set(read(databasePoolStats()));
        },
      }),
  );
}

export function registerMetrics(): void {
  installProcessMetrics();
  eventsWritten();
  webhookDeliveries();
  for (const outcome of ["succeeded", "retrying", "failed"]) webhookDeliveries().inc({ outcome }, 0);
  firstAttemptLatency();
  openStreams();
  registerReplicaMetrics();
  poolGauge("db_pool_connections_in_use", "Database connections checked out of the pool.", (s) => s.inUse);
  poolGauge("db_pool_connections_idle", "Database connections open and idle in the pool.", (s) => s.idle);
  poolGauge(
    "db_pool_waiting",
    "Queries waiting for a database connection (the pool is exhausted).",
    (s) => s.waiting,
  );
  figureGauge("database_up", "1 when the database answered the scrape's read, 0 when it did not.", (f) =>
    f.database.reachable ? 1 : 0,
  );
  const known =
    (read: Reading): Reading =>
    (f) =>
      f.database.reachable ? read(f) : null;
  figureGauge(
    "webhook_backlog",
    "Webhook deliveries not yet delivered (pending: due, or waiting for their next attempt).",
    known((f) => f.webhooks.backlog),
  );
  figureGauge(
    "webhook_oldest_pending_age_seconds",
    "Age of the oldest pending webhook delivery (0 when none is pending).",
    known((f) => f.webhooks.oldestPendingAgeSeconds),
  );
  figureGauge(
    "webhook_endpoints_disabled",
    "Webhook endpoints disabled (after sustained failure, or by their owner).",
    known((f) => f.webhooks.endpointsDisabled),
  );
  figureGauge(
    "worker_heartbeat_age_seconds",
    "Seconds since an event worker's loop last went round (the most recent of all workers); absent when no worker runs.",
    known((f) => f.worker.heartbeatAgeSeconds),
  );
  figureGauge(
    "workers_alive",
    "Event workers whose loop went round within the last minute.",
    known((f) => f.worker.alive),
  );
}
