import { byToken } from "@/lib/carrier-jobs/job-endpoints";
import { proofPhotoUploadResponse } from "@/lib/carrier-jobs/proof-endpoints";

export const dynamic = "force-dynamic";

// PUT /jobs/{token}/proof-photos/{photoId} — one proof photo's bytes, under the phone's id for it (idempotent)
export async function PUT(
  request: Request,
  { params }: { params: Promise<{ token: string; photoId: string }> },
) {
  const { token, photoId } = await params;
  return proofPhotoUploadResponse(request, byToken(token), photoId);
}
