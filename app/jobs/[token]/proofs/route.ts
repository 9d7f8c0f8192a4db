import { byToken } from "@/lib/carrier-jobs/job-endpoints";
import { proofRecordResponse } from "@/lib/carrier-jobs/proof-endpoints";

export const dynamic = "force-dynamic";

// POST /jobs/{token}/proofs — a proof of collection or delivery, naming its uploaded photos (idempotent by its key)
export async function POST(request: Request, { params }: { params: Promise<{ token: string }> }) {
  return proofRecordResponse(request, byToken((await params).token));
}
