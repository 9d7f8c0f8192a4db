import { boardStreamResponse, staffBoardViewer } from "@/lib/prep-jobs/kanban/board-endpoints";

export const dynamic = "force-dynamic";

// GET /api/prep-jobs/stream?site=… — live changes of a prep site's kanban (SSE, staff session)
export function GET(request: Request) {
  const site = new URL(request.url).searchParams.get("site");
  return boardStreamResponse(request, () => staffBoardViewer(site));
}
