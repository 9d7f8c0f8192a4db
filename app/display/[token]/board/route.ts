import { boardResponse, displayBoardViewer } from "@/lib/prep-jobs/kanban/board-endpoints";

export const dynamic = "force-dynamic";

// GET /display/{token}/board?cards=N — a workshop screen's board as JSON (no sign-in; 404 once revoked)
export async function GET(request: Request, { params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return boardResponse(() => displayBoardViewer(token), request);
}
