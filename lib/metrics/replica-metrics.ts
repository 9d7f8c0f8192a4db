// The read replicas as this process sees them (lib/read-replicas), read when scraped: whether each is in
// use, its lag, and where reads went. Labelled by replica (host:port/database), never by URL.
import client from "prom-client";
import { getOrCreate, METRIC_PREFIX } from "@/lib/metrics/process-metrics.mjs";
import { readRouteCounts } from "@/lib/read-replicas/read-kysely";
import { replicaSet } from "@/lib/read-replicas/replica-set";

export function registerReplicaMetrics(): void {
  const up = `${METRIC_PREFIX}db_replica_in_use`;
  getOrCreate(
    up,
    () =>
      new client.Gauge({
        name: up,
        help: "1 while this process reads from the replica, 0 while it skips it (down, lagging, not in recovery).",
        labelNames: ["replica", "reason"],
        collect() {
          this.reset();
          for (const replica of replicaSet()?.replicas ?? []) {
            this.set({ replica: replica.name, reason: replica.skipped ?? "" }, replica.skipped ? 0 : 1);
          }
        },
      }),
  );
  const lag = `${METRIC_PREFIX}db_replica_lag_seconds`;
  getOrCreate(
    lag,
    () =>
      new client.Gauge({
        name: lag,
        help: "How far the replica's replay was behind the primary's WAL at this process's last check.",
        labelNames: ["replica"],
        collect() {
          this.reset();
          for (const replica of replicaSet()?.replicas ?? []) {
            this.set({ replica: replica.name }, replica.lagSeconds);
          }
        },
      }),
  );
  const reads = `${METRIC_PREFIX}db_reads_total`;
  getOrCreate(
    reads,
    () =>
      new client.Counter({
        name: reads,
        help: "Reads of requests that may use a replica, by where they went: replica, or primary and why.",
        labelNames: ["route"],
        collect() {
          this.reset();
          for (const [route, count] of Object.entries(readRouteCounts())) this.inc({ route }, count);
        },
      }),
  );
}
