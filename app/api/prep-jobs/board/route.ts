import { boardResponse, staffBoardViewer } from "@/lib/prep-jobs/kanban/board-endpoints";

export const dynamic = "force-dynamic";

// GET /api/prep-jobs/board?site=… — a prep site's kanban as JSON (staff session; the board refetches it)
export function GET(request: Request) {
  const site = new URL(request.url).searchParams.get("site");
  return boardResponse(() => staffBoardViewer(site));
}
