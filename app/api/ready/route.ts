import { checkReadiness } from "@/lib/health/check-readiness";

// GET /api/ready — readiness: database reachable and migrations applied (503 otherwise)
export async function GET(): Promise<Response> {
  const readiness = await checkReadiness();
  return Response.json(
    { status: readiness.ready ? "ready" : "not_ready", checks: readiness.checks },
    { status: readiness.ready ? 200 : 503, headers: { "cache-control": "no-store" } },
  );
}

export const dynamic = "force-dynamic";
