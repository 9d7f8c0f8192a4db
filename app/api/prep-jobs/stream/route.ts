import { withStaffSession } from "@/lib/http/with-staff-session";
import { boardStreamResponse, staffBoardViewer } from "@/lib/prep-jobs/kanban/board-endpoints";

export const dynamic = "force-dynamic";

// GET /api/prep-jobs/stream?site=… — live changes of a prep site's kanban (SSE, staff session)
export const GET = withStaffSession(
  { capability: "view-prep-jobs", what: "follow the prep-job board" },
  async ({ request, staff }) => {
    const site = new URL(request.url).searchParams.get("site");
    return boardStreamResponse(request, async () => staffBoardViewer(staff, site));
  },
);
