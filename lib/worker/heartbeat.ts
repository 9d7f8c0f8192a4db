// The worker's heartbeat, kept in the database so that any process can read it (the metrics, the /system
// page): each loop calls beat(), which writes at most every few seconds. Once a minute it also samples
// the webhook backlog for the system page's sparkline, and sweeps what is a day old.
import { kysely, sql } from "@/lib/db";
import { logger } from "@/lib/logger";
import { readServiceFigures } from "@/lib/operations/service-figures";

const BEAT_EVERY_MS = 5_000;
const SAMPLE_EVERY_MS = 60_000;
/** On stop, how long removing the row may take. */
const STOP_WAIT_MS = 1_000;

export type Heartbeat = { beat: () => void; stop: () => Promise<void> };

export function startHeartbeat(workerId: string): Heartbeat {
  let beatAt = 0;
  let sampledAt = 0;
  let writing: Promise<void> | undefined;

  const write = async (sample: boolean) => {
    const now = sql<Date>`LOCALTIMESTAMP`;
    await kysely()
      .insertInto("WorkerHeartbeat")
      .values({ workerId, startedAt: now, lastLoopAt: now })
      .onConflict((conflict) => conflict.column("workerId").doUpdateSet({ lastLoopAt: now }))
      .execute();
    if (!sample) return;
    const { webhooks, database } = await readServiceFigures();
    if (!database.reachable) return;
    const sampled = {
      backlog: webhooks.backlog,
      oldestPendingAgeSeconds: Math.round(webhooks.oldestPendingAgeSeconds),
    };
    await kysely()
      .insertInto("WebhookBacklogSample")
      .values({ minute: sql<Date>`date_trunc('minute', LOCALTIMESTAMP)`, ...sampled })
      .onConflict((conflict) => conflict.column("minute").doUpdateSet(sampled))
      .execute();
    const dayAgo = sql<Date>`LOCALTIMESTAMP - interval '1 day'`;
    await kysely().deleteFrom("WebhookBacklogSample").where("minute", "<", dayAgo).execute();
    await kysely().deleteFrom("WorkerHeartbeat").where("lastLoopAt", "<", dayAgo).execute();
  };

  return {
    beat() {
      const now = Date.now();
      if (writing || now - beatAt < BEAT_EVERY_MS) return;
      beatAt = now;
      const sample = now - sampledAt >= SAMPLE_EVERY_MS;
      if (sample) sampledAt = now;
      writing = write(sample)
        .catch((error: unknown) => logger.warn("worker heartbeat not written", { workerId, error }))
        .finally(() => (writing = undefined));
    },
    async stop() {
      // A stopped worker is not a dead one: its row goes, so that the heartbeat's age is another's. A
      // database that does not answer does not hold the shutdown up: the row then ages like a dead one's.
      const removed = (async () => {
        await writing;
        await kysely().deleteFrom("WorkerHeartbeat").where("workerId", "=", workerId).execute();
      })().catch((error: unknown) => logger.warn("worker heartbeat not removed", { workerId, error }));
      await Promise.race([removed, new Promise((resolve) => setTimeout(resolve, STOP_WAIT_MS).unref())]);
    },
  };
}
