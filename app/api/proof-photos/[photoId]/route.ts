import { proofPhotoResponse } from "@/lib/carrier-jobs/proof-endpoints";

export const dynamic = "force-dynamic";

// GET /api/proof-photos/{photoId}?exp=&sig= — a proof photo through its signed, expiring link
export async function GET(request: Request, { params }: { params: Promise<{ photoId: string }> }) {
  return proofPhotoResponse(request, (await params).photoId);
}
