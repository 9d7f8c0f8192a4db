import { byToken, jobPositionsResponse } from "@/lib/carrier-jobs/job-endpoints";

export const dynamic = "force-dynamic";

// POST /jobs/{token}/positions — the phone's positions while its leg is on the road (202; idempotent by its key)
export async function POST(request: Request, { params }: { params: Promise<{ token: string }> }) {
  return jobPositionsResponse(request, byToken((await params).token));
}
