import { jobPositionsResponse } from "@/lib/carrier-jobs/job-endpoints";
import { byCarrierSession } from "@/lib/marketplace/carrier-job-endpoints";

export const dynamic = "force-dynamic";

// POST /carrier/jobs/{id}/positions — the winning carrier's positions while on the road (202; idempotent by its key)
export async function POST(request: Request, { params }: { params: Promise<{ requestId: string }> }) {
  return jobPositionsResponse(request, byCarrierSession((await params).requestId));
}
