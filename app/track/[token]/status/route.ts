import { AppError } from "@/lib/errors/app-error";
import { problemResponse } from "@/lib/http/problem";
import { getTrackingView } from "@/lib/movement-requests/get-tracking-view";
import { TRACKING_RESPONSE_HEADERS } from "@/lib/movement-requests/tracking-headers";

export const dynamic = "force-dynamic";

// GET /track/{token}/status — the tracking page's latest view as JSON (its poll); 404 once not valid
export async function GET(_request: Request, { params }: { params: Promise<{ token: string }> }) {
  const view = await getTrackingView((await params).token);
  if (!view) {
    const headers = { ...TRACKING_RESPONSE_HEADERS };
    return problemResponse(new AppError("NOT_FOUND", "This tracking link is not valid.", { headers }));
  }
  return Response.json(view, { headers: TRACKING_RESPONSE_HEADERS });
}
