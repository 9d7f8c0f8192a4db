import { withStaffSession } from "@/lib/http/with-staff-session";
import { getBoardMap } from "@/lib/maps/board-map";
import { parseBoardQuery } from "@/lib/movement-requests/board/board-query";

export const dynamic = "force-dynamic";

// GET /api/board/map?status=…&origin=… — the board's Map view: sites, lanes and vehicles on the road,
// with the board's filters (the same URL parameters; staff session, the session's organisation)
export const GET = withStaffSession(
  { capability: "view-board", what: "see the movement map" },
  async ({ request, staff }) => {
    const query = parseBoardQuery(new URL(request.url).searchParams);
    return Response.json(await getBoardMap(staff.organisationId, query), {
      headers: { "cache-control": "no-store" },
    });
  },
);
