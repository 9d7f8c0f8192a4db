import { boardResponse, staffBoardViewer } from "@/lib/prep-jobs/kanban/board-endpoints";

export const dynamic = "force-dynamic";

// GET /api/prep-jobs/board?site=…&q=… — a prep site's kanban as JSON, optionally searched (staff session)
export function GET(request: Request) {
  const site = new URL(request.url).searchParams.get("site");
  return boardResponse(() => staffBoardViewer(site), request);
}
