import { z } from "zod";
import { validationError } from "@/lib/http/validation";
import { withStaffSession } from "@/lib/http/with-staff-session";
import { getMovementMap } from "@/lib/maps/movement-map";

export const dynamic = "force-dynamic";

const movementMapQuery = z.object({ id: z.string().regex(/^[0-9A-Za-z_-]{1,64}$/, "Expected a request id") });

// GET /api/board/map/movement?id=… — the detail panel's map of one request: its sites and its vehicle's
// last position (staff session; another organisation's request is 404)
export const GET = withStaffSession(
  { capability: "view-board", what: "see the movement map" },
  async ({ request, staff }) => {
    const query = movementMapQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!query.success) throw validationError(query.error, "query");
    return Response.json(await getMovementMap(staff.organisationId, query.data.id), {
      headers: { "cache-control": "no-store" },
    });
  },
);
