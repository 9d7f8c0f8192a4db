// GET /api/metrics: closed (404, as if absent) unless METRICS_TOKEN is set; then the scraper sends it
// as a bearer token, compared in constant time (docs/operations.md, "Metrics").
import { createHash, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors/app-error";
import { problemResponse } from "@/lib/http/problem";
import { logger } from "@/lib/logger";
import { renderMetrics } from "@/lib/metrics/render-metrics";

const PATH = "/api/metrics";

export async function metricsResponse(request: Request): Promise<Response> {
  const token = env().METRICS_TOKEN;
  if (!token) return problemResponse(new AppError("NOT_FOUND", "Not found."), PATH);
  if (!isBearer(request.headers.get("authorization"), token)) {
    return problemResponse(
      new AppError("UNAUTHORIZED", "Send the metrics token as a bearer token (Authorization: Bearer …).", {
        headers: { "www-authenticate": 'Bearer realm="metrics"' },
      }),
      PATH,
    );
  }
  try {
    const { contentType, text } = await renderMetrics();
    return new Response(text, { headers: { "content-type": contentType, "cache-control": "no-store" } });
  } catch (error) {
    logger.error("metrics not gathered", { error });
    return problemResponse(new AppError("SERVICE_UNAVAILABLE", "The metrics could not be gathered."), PATH);
  }
}

/** Whether the header is "Bearer <token>": both sides hashed first, so that lengths leak nothing either. */
function isBearer(header: string | null, token: string): boolean {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "")?.[1] ?? "";
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(given), digest(token)) && given.length > 0;
}
