import { withStaffSession } from "@/lib/http/with-staff-session";
import { boardResponse, staffBoardViewer } from "@/lib/prep-jobs/kanban/board-endpoints";

export const dynamic = "force-dynamic";

// GET /api/prep-jobs/board?site=…&q=… — a prep site's kanban as JSON, optionally searched (staff session)
export const GET = withStaffSession(
  { capability: "view-prep-jobs", what: "see the prep-job board" },
  async ({ request, staff }) => {
    const site = new URL(request.url).searchParams.get("site");
    return boardResponse(async () => staffBoardViewer(staff, site), request);
  },
);
