import { workItemPhotoResponse } from "@/lib/recon/sublet/sublet-endpoints";

export const dynamic = "force-dynamic";

// GET /api/work-item-photos/{photoId}?exp=&sig= — a work item's photo, through its signed expiring link only
export async function GET(request: Request, { params }: { params: Promise<{ photoId: string }> }) {
  return workItemPhotoResponse(request, (await params).photoId);
}
