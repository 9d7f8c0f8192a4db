// Per-API-key (and per job link: lib/carrier-jobs) rate limiting: a fixed window whose shared count lives
// in PostgreSQL (table ApiKeyRateLimit), so that the limit is one across every process of the service and
// every instance behind a load balancer. Requests are counted in the process and settled in batches: one
// statement, every RATE_LIMIT_SETTLE_MS, adds each key's local count and returns the shared totals.
// Between two settles a process admits on its own only an allowance of 1/8 of what the key had left at
// the last one (none below 64 left); past it, a request settles at once. So limits under 64 are exact, and
// with P processes at most P × ⌊limit / 8⌋ requests beyond the limit get through in a window
// (docs/api.md). The headers follow the IETF RateLimit draft.
import { kysely, sql } from "@/lib/db";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors/app-error";
import { logger } from "@/lib/logger";

/** A process's allowance between settles: this fraction of what the key had left at the last one... */
const ALLOWANCE_DIVISOR = 8;
/** ...and nothing below this many left: near the limit every request is counted in the database. */
const MIN_REMAINING_FOR_ALLOWANCE = 64;
const SWEEP_ABOVE_BUCKETS = 10_000;

/** What this process knows of one key's window. */
type Bucket = {
  /** The key's organisation: the counter row's tenant key. */
  organisationId: string;
  windowEndsAtMs: number;
  /** The shared count at the last settle (this process's settled requests included). */
  settled: number;
  /** Admitted here, in a settle statement still running. */
  settling: number;
  /** Admitted here, not yet sent to the database. */
  unsettled: number;
  /** How many this process may still admit before it must settle. */
  allowance: number;
};

type SettledRow = { apiKeyId: string; organisationId: string; count: number; windowEndsAtMs: string };
type Count = { apiKeyId: string; organisationId: string; count: number };

const buckets = new Map<string, Bucket>();
/** The settle that is learning a key's window for this process, while it runs. */
const firstSettles = new Map<string, Promise<SettledRow[]>>();
let settleTimer: NodeJS.Timeout | undefined;

/**
 * Counts one request for the key; returns the headers to send, or throws 429 RATE_LIMITED. `apiKeyId`
 * is the bucket: an API key's id, or another caller's prefixed id (`job-link:…`) with `what` naming it;
 * `organisationId` is the caller's.
 */
export async function consumeRateLimit(
  apiKeyId: string,
  organisationId: string,
  what = "this API key",
): Promise<Record<string, string>> {
  const now = Date.now();
  const bucket = currentBucket(apiKeyId, now);
  if (bucket && countOf(bucket) >= env().RATE_LIMIT_REQUESTS) throw rateLimited(bucket, now, what);
  if (bucket && bucket.allowance > 0) {
    bucket.allowance -= 1;
    bucket.unsettled += 1;
    scheduleSettle();
    return headersOf(bucket, now);
  }
  if (!bucket) {
    // A window's first requests arrive together: one learns the window, the others wait for it.
    const learning = firstSettles.get(apiKeyId);
    if (learning) {
      await learning.catch(() => undefined);
      return consumeRateLimit(apiKeyId, organisationId, what);
    }
  }
  // No allowance: this request and what waits here are counted in the database before the answer.
  const settling = settle([{ apiKeyId, organisationId, count: takeUnsettled(bucket) + 1 }], now);
  if (!bucket) {
    firstSettles.set(apiKeyId, settling);
    void settling
      .catch(() => undefined)
      .finally(() => firstSettles.get(apiKeyId) === settling && firstSettles.delete(apiKeyId));
  }
  const [row] = await settling;
  if (!row) throw new Error(`The rate-limit settle returned no row for ${apiKeyId}`);
  const settled = buckets.get(apiKeyId) ?? bucket;
  const learnt = learn(row, settled);
  if (row.count > env().RATE_LIMIT_REQUESTS) throw rateLimited(learnt, now, what);
  return headersOf(learnt, now);
}

/** Settles every key's local count now (the timer; tests). */
export async function settleRateLimits(): Promise<void> {
  const now = Date.now();
  const counts: Count[] = [];
  for (const [apiKeyId, bucket] of buckets) {
    if (bucket.windowEndsAtMs <= now) buckets.delete(apiKeyId);
    else if (bucket.unsettled > 0)
      counts.push({ apiKeyId, organisationId: bucket.organisationId, count: takeUnsettled(bucket) });
  }
  if (counts.length === 0) return;
  const rows = await settle(counts, now);
  for (const row of rows) learn(row, buckets.get(row.apiKeyId));
}

/** Keys seen once (a job link opened once) would otherwise stay: the ended windows go past this many. */
function forgetEndedWindows(now: number): void {
  for (const [apiKeyId, bucket] of buckets) {
    if (bucket.windowEndsAtMs <= now && bucket.settling === 0) buckets.delete(apiKeyId);
  }
}

/** Forgets every local count and window (tests). */
export function resetRateLimitsForTests(): void {
  buckets.clear();
}

/** The key's bucket, unless its window has ended (what was not settled belonged to that window). */
function currentBucket(apiKeyId: string, now: number): Bucket | undefined {
  const bucket = buckets.get(apiKeyId);
  if (!bucket || bucket.windowEndsAtMs > now) return bucket;
  buckets.delete(apiKeyId);
  return undefined;
}

function countOf(bucket: Bucket): number {
  return bucket.settled + bucket.settling + bucket.unsettled;
}

/** Moves the bucket's unsettled requests into a settle statement; returns how many. */
function takeUnsettled(bucket: Bucket | undefined): number {
  if (!bucket) return 0;
  const count = bucket.unsettled;
  bucket.unsettled = 0;
  bucket.settling += count;
  return count;
}

function scheduleSettle(): void {
  if (settleTimer) return;
  settleTimer = setTimeout(() => {
    settleTimer = undefined;
    settleRateLimits().catch((error: unknown) =>
      logger.warn("rate-limit settle failed; those requests are not counted", { error }),
    );
  }, env().RATE_LIMIT_SETTLE_MS);
  settleTimer.unref();
}

/**
 * One statement for any number of keys: adds each count to its key's window (starting a new window where
 * the old one has ended) and returns the shared totals.
 */
async function settle(counts: Count[], now: number): Promise<SettledRow[]> {
  const windowEndsAtMs = now + env().RATE_LIMIT_WINDOW_SECONDS * 1000;
  const windowEnded = sql<boolean>`"ApiKeyRateLimit"."windowEndsAtMs" <= ${now}`;
  // The batch as rows: unnest of parallel arrays, one parameter per column (no builder in Kysely).
  const input = sql<Count>`unnest(
    ${counts.map((entry) => entry.apiKeyId)}::text[],
    ${counts.map((entry) => entry.organisationId)}::text[],
    ${counts.map((entry) => entry.count)}::int[]
  )`.as<"i">(sql`i("apiKeyId", "organisationId", count)`);
  try {
    return await kysely()
      .insertInto("ApiKeyRateLimit")
      .columns(["apiKeyId", "organisationId", "windowEndsAtMs", "count"])
      .expression((eb) =>
        eb
          .selectFrom(input)
          .select([
            "i.apiKeyId",
            "i.organisationId",
            sql<string>`${windowEndsAtMs}::int8`.as("w"),
            "i.count",
          ]),
      )
      .onConflict((conflict) =>
        conflict.column("apiKeyId").doUpdateSet({
          count: sql<number>`CASE WHEN ${windowEnded} THEN excluded.count
            ELSE "ApiKeyRateLimit".count + excluded.count END`,
          windowEndsAtMs: sql<string>`CASE WHEN ${windowEnded}
            THEN excluded."windowEndsAtMs" ELSE "ApiKeyRateLimit"."windowEndsAtMs" END`,
        }),
      )
      .returning(["apiKeyId", "organisationId", "count", "windowEndsAtMs"])
      .execute();
  } finally {
    // Settled or lost: no longer in flight either way (a failed settle is not retried: at worst, a
    // window counts fewer requests than were admitted).
    for (const { apiKeyId, count } of counts) {
      const bucket = buckets.get(apiKeyId);
      if (bucket) bucket.settling = Math.max(0, bucket.settling - count);
    }
  }
}

/** What a settle returned, merged into what this process has admitted since. */
function learn(row: SettledRow, previous: Bucket | undefined): Bucket {
  const windowEndsAtMs = Number(row.windowEndsAtMs);
  const sameWindow = previous?.windowEndsAtMs === windowEndsAtMs;
  const bucket: Bucket = {
    organisationId: row.organisationId,
    windowEndsAtMs,
    // Two settles may answer out of order: the larger total is the later one.
    settled: sameWindow ? Math.max(previous.settled, row.count) : row.count,
    settling: sameWindow ? previous.settling : 0,
    unsettled: sameWindow ? previous.unsettled : 0,
    allowance: 0,
  };
  const remaining = env().RATE_LIMIT_REQUESTS - countOf(bucket);
  if (remaining >= MIN_REMAINING_FOR_ALLOWANCE) bucket.allowance = Math.floor(remaining / ALLOWANCE_DIVISOR);
  if (buckets.size >= SWEEP_ABOVE_BUCKETS) forgetEndedWindows(Date.now());
  buckets.set(row.apiKeyId, bucket);
  return bucket;
}

type RateLimitHeaders = Record<"ratelimit-limit" | "ratelimit-remaining" | "ratelimit-reset", string>;

function headersOf(bucket: Bucket, now: number): RateLimitHeaders {
  const { RATE_LIMIT_REQUESTS: limit } = env();
  return {
    "ratelimit-limit": String(limit),
    "ratelimit-remaining": String(Math.max(0, limit - bucket.settled - bucket.unsettled)),
    "ratelimit-reset": String(Math.max(1, Math.ceil((bucket.windowEndsAtMs - now) / 1000))),
  };
}

function rateLimited(bucket: Bucket, now: number, what: string): AppError {
  const { RATE_LIMIT_REQUESTS: limit, RATE_LIMIT_WINDOW_SECONDS: windowSeconds } = env();
  const headers = headersOf(bucket, now);
  return new AppError(
    "RATE_LIMITED",
    `Too many requests for ${what}: at most ${limit} every ${windowSeconds} s.`,
    {
      headers: { ...headers, "retry-after": headers["ratelimit-reset"] },
    },
  );
}
