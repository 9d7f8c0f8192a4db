import { subletActionResponse } from "@/lib/recon/sublet/sublet-endpoints";

export const dynamic = "force-dynamic";

// POST /sublet/{token}/items/{itemId} — a vendor accepts, prices or finishes one of its items (replays change nothing)
export async function POST(
  request: Request,
  { params }: { params: Promise<{ token: string; itemId: string }> },
) {
  const { token, itemId } = await params;
  return subletActionResponse(request, token, itemId);
}
