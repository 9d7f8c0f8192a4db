// The service's operating figures, read from the database: the webhook backlog and its oldest pending
// delivery, the disabled endpoints, the worker's heartbeat, the migration applied last. One module for
// the metrics endpoint's gauges (lib/metrics/register-metrics.ts) and the /system page, so that both
// show the same numbers. Ages are measured on the database's clock (the rows are written in UTC).
import { kysely, sql } from "@/lib/db";

export type ServiceFigures = {
  database: { reachable: boolean; migration: string | null };
  worker: {
    /** The most recent loop of any worker; null when none has run (or all stopped). */
    lastLoopAt: Date | null;
    heartbeatAgeSeconds: number | null;
    /** Workers whose loop went round within the last minute. */
    alive: number;
  };
  webhooks: {
    /** Deliveries not yet delivered (PENDING: due, or waiting for their next attempt). */
    backlog: number;
    oldestPendingAt: Date | null;
    /** 0 when nothing is pending. */
    oldestPendingAgeSeconds: number;
    endpointsDisabled: number;
  };
};

/** A worker that has not gone round for this long is not counted as alive. */
const ALIVE_WITHIN_SECONDS = 60;
/** The system page and a scrape never wait longer than this for the database. */
const READ_TIMEOUT_MS = 3_000;

const UNREACHABLE: ServiceFigures = {
  database: { reachable: false, migration: null },
  worker: { lastLoopAt: null, heartbeatAgeSeconds: null, alive: 0 },
  webhooks: { backlog: 0, oldestPendingAt: null, oldestPendingAgeSeconds: 0, endpointsDisabled: 0 },
};

type Row = {
  backlog: number;
  oldestPendingAt: Date | null;
  oldestPendingAgeSeconds: number | null;
  endpointsDisabled: number;
  lastLoopAt: Date | null;
  heartbeatAgeSeconds: number | null;
  alive: number;
  migration: string | null;
};

/** One statement, a few index reads; an unreachable database gives `reachable: false`, never a throw. */
export async function readServiceFigures(): Promise<ServiceFigures> {
  try {
    const { rows } = await withTimeout(
      sql<Row>`
        SELECT
          (SELECT count(*) FROM "WebhookDelivery" WHERE status = 'PENDING')::int AS backlog,
          pending."oldestPendingAt",
          EXTRACT(EPOCH FROM LOCALTIMESTAMP - pending."oldestPendingAt")::float8 AS "oldestPendingAgeSeconds",
          (SELECT count(*) FROM "WebhookEndpoint" WHERE NOT enabled)::int AS "endpointsDisabled",
          beat."lastLoopAt",
          EXTRACT(EPOCH FROM LOCALTIMESTAMP - beat."lastLoopAt")::float8 AS "heartbeatAgeSeconds",
          (SELECT count(*) FROM "WorkerHeartbeat"
            WHERE "lastLoopAt" > LOCALTIMESTAMP - make_interval(secs => ${ALIVE_WITHIN_SECONDS}))::int AS alive,
          (SELECT migration_name::text FROM _prisma_migrations
            WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL
            ORDER BY migration_name DESC LIMIT 1) AS migration
        FROM (SELECT min("createdAt") AS "oldestPendingAt" FROM "WebhookDelivery" WHERE status = 'PENDING') pending,
          (SELECT max("lastLoopAt") AS "lastLoopAt" FROM "WorkerHeartbeat") beat`.execute(kysely()),
      READ_TIMEOUT_MS,
    );
    const row = rows[0]!;
    return {
      database: { reachable: true, migration: row.migration },
      worker: {
        lastLoopAt: row.lastLoopAt,
        heartbeatAgeSeconds: row.heartbeatAgeSeconds === null ? null : Math.max(0, row.heartbeatAgeSeconds),
        alive: row.alive,
      },
      webhooks: {
        backlog: row.backlog,
        oldestPendingAt: row.oldestPendingAt,
        oldestPendingAgeSeconds: Math.max(0, row.oldestPendingAgeSeconds ?? 0),
        endpointsDisabled: row.endpointsDisabled,
      },
    };
  } catch {
    return UNREACHABLE;
  }
}

let latest: { at: number; figures: Promise<ServiceFigures> } | undefined;

/**
 * The figures, read at most once a second in this process: a scrape collects several gauges from one
 * read, and concurrent scrapes or page polls share it.
 */
export function currentServiceFigures(): Promise<ServiceFigures> {
  if (!latest || Date.now() - latest.at > 1_000) latest = { at: Date.now(), figures: readServiceFigures() };
  return latest.figures;
}

export type BacklogSample = { minute: Date; backlog: number; oldestPendingAgeSeconds: number };

/** The worker's samples of the last hour (lib/worker/heartbeat.ts), oldest first: the sparkline. */
export async function backlogLastHour(): Promise<BacklogSample[]> {
  return kysely()
    .selectFrom("WebhookBacklogSample")
    .select(["minute", "backlog", "oldestPendingAgeSeconds"])
    .where("minute", ">", sql<Date>`LOCALTIMESTAMP - interval '60 minutes'`)
    .orderBy("minute")
    .execute();
}

export type EndpointHealth = {
  id: string;
  url: string;
  enabled: boolean;
  disabledAt: Date | null;
  disabledReason: string | null;
  /** Attempts in the last 24 hours, and how many of them succeeded. */
  attempts: number;
  succeeded: number;
  pending: number;
};

/**
 * An organisation's webhook endpoints with their delivery success over the last 24 hours (attempts
 * that got a 2xx), and their pending deliveries. Scoped to the organisation: endpoint URLs are its own.
 */
export async function endpointHealth(organisationId: string): Promise<EndpointHealth[]> {
  const { rows } = await sql<EndpointHealth>`
    SELECT e.id, e.url, e.enabled, e."disabledAt", e."disabledReason",
      COALESCE(a.attempts, 0)::int AS attempts, COALESCE(a.succeeded, 0)::int AS succeeded,
      (SELECT count(*) FROM "WebhookDelivery" d WHERE d."endpointId" = e.id AND d.status = 'PENDING')::int AS pending
    FROM "WebhookEndpoint" e
    JOIN "Profile" p ON p.id = e."profileId" AND p."organisationId" = ${organisationId}
    LEFT JOIN LATERAL (
      SELECT count(*) AS attempts, count(*) FILTER (WHERE succeeded) AS succeeded
      FROM "WebhookAttempt"
      WHERE "endpointId" = e.id AND "attemptedAt" > LOCALTIMESTAMP - interval '24 hours'
    ) a ON true
    ORDER BY e.enabled, e."createdAt"`.execute(kysely());
  return rows;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}
