import { byToken, jobActionResponse } from "@/lib/carrier-jobs/job-endpoints";

export const dynamic = "force-dynamic";

// POST /jobs/{token}/actions — a carrier's action on its job (no account; idempotent by its key)
export async function POST(request: Request, { params }: { params: Promise<{ token: string }> }) {
  return jobActionResponse(request, byToken((await params).token));
}
