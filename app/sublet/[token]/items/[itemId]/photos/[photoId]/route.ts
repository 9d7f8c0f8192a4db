import { subletPhotoUploadResponse } from "@/lib/recon/sublet/sublet-endpoints";

export const dynamic = "force-dynamic";

// PUT /sublet/{token}/items/{itemId}/photos/{photoId} — a photo's bytes, under the phone's id for it (idempotent)
export async function PUT(
  request: Request,
  { params }: { params: Promise<{ token: string; itemId: string; photoId: string }> },
) {
  const { token, itemId, photoId } = await params;
  return subletPhotoUploadResponse(request, token, itemId, photoId);
}
