import { jobActionResponse } from "@/lib/carrier-jobs/job-endpoints";
import { byCarrierSession } from "@/lib/marketplace/carrier-job-endpoints";

export const dynamic = "force-dynamic";

// POST /carrier/jobs/{id}/actions — the winning carrier's collected / delivered / aborted (idempotent by its key)
export async function POST(request: Request, { params }: { params: Promise<{ requestId: string }> }) {
  return jobActionResponse(request, byCarrierSession((await params).requestId));
}
