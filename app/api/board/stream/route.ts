import { getStaffContext } from "@/lib/auth/require-staff";
import { can } from "@/lib/auth/roles";
import { AppError } from "@/lib/errors/app-error";
import { problemResponse } from "@/lib/http/problem";
import { organisationEventStream, sseResponse, startingSequence } from "@/lib/realtime/event-stream";

export const dynamic = "force-dynamic";

const BOARD_RESOURCES = ["movement_request", "movement"];

// GET /api/board/stream — the movement board's live changes (SSE, staff session; the organisation is
// the session's). Resumes after Last-Event-ID (or ?lastEventId when the client had to reopen).
export async function GET(request: Request) {
  const staff = await getStaffContext();
  if (!staff) return problemResponse(new AppError("UNAUTHORIZED", "Sign in to follow the board."));
  if (!can(staff.user.role, "view-board")) {
    return problemResponse(new AppError("FORBIDDEN", "Your role cannot see the movement board."));
  }
  const lastEventId =
    request.headers.get("last-event-id") ?? new URL(request.url).searchParams.get("lastEventId");
  const after = await startingSequence(staff.organisationId, lastEventId);
  return sseResponse(
    organisationEventStream(
      { organisationId: staff.organisationId, resourceTypes: BOARD_RESOURCES },
      after,
      request.signal,
    ),
  );
}
