// GET /api/health — liveness: the process serves requests (no dependency is checked)
export function GET(): Response {
  return Response.json({ status: "ok" }, { headers: { "cache-control": "no-store" } });
}

export const dynamic = "force-dynamic";
