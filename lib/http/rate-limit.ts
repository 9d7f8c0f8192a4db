// Per-API-key (and per job link: lib/carrier-jobs) rate limiting: a fixed window counted in PostgreSQL (table ApiKeyRateLimit), so that the
// limit is one across every process of the service and every instance behind a load balancer. One
// statement per request: an upsert that starts a new window when the old one has ended. The headers
// follow the IETF RateLimit draft.
import { kysely, sql } from "@/lib/db";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors/app-error";

/**
 * Counts one request for the key; returns the headers to send, or throws 429 RATE_LIMITED. `apiKeyId`
 * is the bucket: an API key's id, or another caller's prefixed id (`job-link:…`) with `what` naming it.
 */
export async function consumeRateLimit(
  apiKeyId: string,
  what = "this API key",
): Promise<Record<string, string>> {
  const { RATE_LIMIT_REQUESTS: limit, RATE_LIMIT_WINDOW_SECONDS: windowSeconds } = env();
  const now = Date.now();
  const windowEnded = sql<boolean>`"ApiKeyRateLimit"."windowEndsAtMs" <= ${now}`;
  const { count, windowEndsAtMs } = await kysely()
    .insertInto("ApiKeyRateLimit")
    .values({ apiKeyId, windowEndsAtMs: String(now + windowSeconds * 1000), count: 1 })
    .onConflict((conflict) =>
      conflict.column("apiKeyId").doUpdateSet({
        count: sql<number>`CASE WHEN ${windowEnded} THEN 1 ELSE "ApiKeyRateLimit".count + 1 END`,
        windowEndsAtMs: sql<string>`CASE WHEN ${windowEnded}
          THEN excluded."windowEndsAtMs" ELSE "ApiKeyRateLimit"."windowEndsAtMs" END`,
      }),
    )
    .returning(["count", "windowEndsAtMs"])
    .executeTakeFirstOrThrow();
  const headers = {
    "ratelimit-limit": String(limit),
    "ratelimit-remaining": String(Math.max(0, limit - count)),
    "ratelimit-reset": String(Math.max(1, Math.ceil((Number(windowEndsAtMs) - now) / 1000))),
  };
  if (count <= limit) return headers;
  throw new AppError(
    "RATE_LIMITED",
    `Too many requests for ${what}: at most ${limit} every ${windowSeconds} s.`,
    { headers: { ...headers, "retry-after": headers["ratelimit-reset"] } },
  );
}
