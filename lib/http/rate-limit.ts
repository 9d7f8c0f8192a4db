// Per-API-key rate limiting (rate-limiter-flexible, fixed window in memory). Limits are per app
// instance: behind a load balancer with N instances a key may make up to N times the limit
// (docs/api.md). The headers follow the IETF RateLimit draft.
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors/app-error";

let limiter: RateLimiterMemory | undefined;

function apiKeyLimiter(): RateLimiterMemory {
  limiter ??= new RateLimiterMemory({
    keyPrefix: "api-key",
    points: env().RATE_LIMIT_REQUESTS,
    duration: env().RATE_LIMIT_WINDOW_SECONDS,
  });
  return limiter;
}

/** Counts one request for the key; returns the headers to send, or throws 429 RATE_LIMITED. */
export async function consumeRateLimit(apiKeyId: string): Promise<Record<string, string>> {
  try {
    return rateLimitHeaders(await apiKeyLimiter().consume(apiKeyId));
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    const headers = rateLimitHeaders(rejection);
    throw new AppError(
      "RATE_LIMITED",
      `Too many requests for this API key: at most ${env().RATE_LIMIT_REQUESTS} every ${env().RATE_LIMIT_WINDOW_SECONDS} s.`,
      { headers: { ...headers, "retry-after": headers["ratelimit-reset"] ?? "1" } },
    );
  }
}

function rateLimitHeaders(result: RateLimiterRes): Record<string, string> {
  return {
    "ratelimit-limit": String(env().RATE_LIMIT_REQUESTS),
    "ratelimit-remaining": String(Math.max(0, result.remainingPoints)),
    "ratelimit-reset": String(Math.max(1, Math.ceil(result.msBeforeNext / 1000))),
  };
}
