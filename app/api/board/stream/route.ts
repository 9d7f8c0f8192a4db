import { withStaffSession } from "@/lib/http/with-staff-session";
import { organisationEventStream, sseResponse, startingSequence } from "@/lib/realtime/event-stream";

export const dynamic = "force-dynamic";

const BOARD_RESOURCES = ["movement_request", "movement"];

// GET /api/board/stream — the movement board's live changes (SSE, staff session; the organisation is
// the session's). Resumes after Last-Event-ID (or ?lastEventId when the client had to reopen).
export const GET = withStaffSession(
  { capability: "view-board", what: "follow the movement board" },
  async ({ request, staff }) => {
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
  },
);
