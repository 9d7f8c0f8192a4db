import { withStaffSession } from "@/lib/http/with-staff-session";
import { positionStream } from "@/lib/maps/position-stream";
import { sseResponse } from "@/lib/realtime/event-stream";

export const dynamic = "force-dynamic";

// GET /api/board/positions — the board map's live wake-ups: a message when the organisation's vehicles
// report new positions (SSE, staff session; the organisation is the session's)
export const GET = withStaffSession(
  { capability: "view-board", what: "follow the vehicles on the map" },
  async ({ request, staff }) => sseResponse(positionStream(staff.organisationId, request.signal)),
);
