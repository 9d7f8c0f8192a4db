import { metricsResponse } from "@/lib/metrics/metrics-endpoint";

export const dynamic = "force-dynamic";

// GET /api/metrics — Prometheus metrics of every web process (bearer METRICS_TOKEN; 404 when unset)
export function GET(request: Request): Promise<Response> {
  return metricsResponse(request);
}
