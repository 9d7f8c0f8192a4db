import { jobViewResponse } from "@/lib/carrier-jobs/job-endpoints";
import { byCarrierSession } from "@/lib/marketplace/carrier-job-endpoints";

export const dynamic = "force-dynamic";

// GET /carrier/jobs/{id}/view — the won job's page data as JSON (the signed-in carrier's own job only)
export async function GET(_request: Request, { params }: { params: Promise<{ requestId: string }> }) {
  return jobViewResponse(byCarrierSession((await params).requestId));
}
