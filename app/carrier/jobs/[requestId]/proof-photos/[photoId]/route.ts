import { byCarrierSession } from "@/lib/marketplace/carrier-job-endpoints";
import { proofPhotoUploadResponse } from "@/lib/carrier-jobs/proof-endpoints";

export const dynamic = "force-dynamic";

// PUT /carrier/jobs/{id}/proof-photos/{photoId} — one proof photo's bytes, under the phone's id for it (idempotent)
export async function PUT(
  request: Request,
  { params }: { params: Promise<{ requestId: string; photoId: string }> },
) {
  const { requestId, photoId } = await params;
  return proofPhotoUploadResponse(request, byCarrierSession(requestId), photoId);
}
