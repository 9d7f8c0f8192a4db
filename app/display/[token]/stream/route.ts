import {
  boardStreamResponse,
  displayBoardViewer,
  displayLinkStillValid,
} from "@/lib/prep-jobs/kanban/board-endpoints";

export const dynamic = "force-dynamic";

// GET /display/{token}/stream — live changes of a workshop screen's board (SSE, no sign-in)
export async function GET(request: Request, { params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return boardStreamResponse(
    request,
    () => displayBoardViewer(token),
    () => displayLinkStillValid(token),
  );
}
