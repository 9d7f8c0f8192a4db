import { byCarrierSession } from "@/lib/marketplace/carrier-job-endpoints";
import { proofRecordResponse } from "@/lib/carrier-jobs/proof-endpoints";

export const dynamic = "force-dynamic";

// POST /carrier/jobs/{id}/proofs — a proof of collection or delivery by the winning carrier (idempotent by its key)
export async function POST(request: Request, { params }: { params: Promise<{ requestId: string }> }) {
  return proofRecordResponse(request, byCarrierSession((await params).requestId));
}
