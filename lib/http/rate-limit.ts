// Per-API-key rate limiting: a fixed window counted in PostgreSQL (table ApiKeyRateLimit), so that the
// limit is one across every process of the service and every instance behind a load balancer. One
// statement per request: an upsert that starts a new window when the old one has ended. The headers
// follow the IETF RateLimit draft.
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors/app-error";

type Window = { count: number; windowEndsAtMs: bigint };

/** Counts one request for the key; returns the headers to send, or throws 429 RATE_LIMITED. */
export async function consumeRateLimit(apiKeyId: string): Promise<Record<string, string>> {
  const { RATE_LIMIT_REQUESTS: limit, RATE_LIMIT_WINDOW_SECONDS: windowSeconds } = env();
  const now = Date.now();
  const [window] = await db().$queryRaw<Window[]>`
    INSERT INTO "ApiKeyRateLimit" AS current ("apiKeyId", "windowEndsAtMs", count)
    VALUES (${apiKeyId}, ${now + windowSeconds * 1000}, 1)
    ON CONFLICT ("apiKeyId") DO UPDATE SET
      count = CASE WHEN current."windowEndsAtMs" <= ${now} THEN 1 ELSE current.count + 1 END,
      "windowEndsAtMs" = CASE WHEN current."windowEndsAtMs" <= ${now}
        THEN excluded."windowEndsAtMs" ELSE current."windowEndsAtMs" END
    RETURNING count, "windowEndsAtMs"`;
  const { count, windowEndsAtMs } = window!;
  const headers = {
    "ratelimit-limit": String(limit),
    "ratelimit-remaining": String(Math.max(0, limit - count)),
    "ratelimit-reset": String(Math.max(1, Math.ceil((Number(windowEndsAtMs) - now) / 1000))),
  };
  if (count <= limit) return headers;
  throw new AppError(
    "RATE_LIMITED",
    `Too many requests for this API key: at most ${limit} every ${windowSeconds} s.`,
    { headers: { ...headers, "retry-after": headers["ratelimit-reset"] } },
  );
}
