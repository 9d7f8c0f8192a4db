import { boardResponse, displayBoardViewer } from "@/lib/prep-jobs/kanban/board-endpoints";
import { WORKSHOP_CARDS_PER_GROUP } from "@/lib/prep-jobs/kanban/get-kanban-board";

export const dynamic = "force-dynamic";

// GET /display/{token}/board?cards=N — a workshop screen's board as JSON, up to WORKSHOP_CARDS_PER_GROUP
// cards a group (no sign-in; 404 once revoked)
export async function GET(request: Request, { params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return boardResponse(() => displayBoardViewer(token), request, WORKSHOP_CARDS_PER_GROUP);
}
