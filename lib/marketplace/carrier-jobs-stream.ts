// The carrier's jobs page's live stream (/carrier/jobs/stream): the board's SSE stream
// (lib/realtime/event-stream.ts), narrowed to the awards of jobs to this carrier, each sent as a
// reference only (the events' payloads are the organisation's: who accepted, at what). The page
// reloads its data on each one. Signed out or staff: 401 problem+json.
import "server-only";
import { AppError } from "@/lib/errors/app-error";
import { problemResponse } from "@/lib/http/problem";
import { toAppError } from "@/lib/http/to-app-error";
import { MARKETPLACE_AWARDED_EVENT } from "@/lib/marketplace/event-types";
import { signedInCarrier } from "@/lib/marketplace/carrier-context";
import { organisationEventStream, sseResponse, startingSequence } from "@/lib/realtime/event-stream";

export async function carrierJobsStream(request: Request): Promise<Response> {
  try {
    const context = await signedInCarrier();
    if (!context) throw new AppError("UNAUTHORIZED", "Sign in as a marketplace carrier to follow your jobs.");
    const { organisationId, carrierId } = context.carrier;
    const lastEventId =
      request.headers.get("last-event-id") ?? new URL(request.url).searchParams.get("lastEventId");
    const after = await startingSequence(organisationId, lastEventId);
    return sseResponse(
      organisationEventStream(
        {
          organisationId,
          resourceTypes: ["movement_request"],
          types: [MARKETPLACE_AWARDED_EVENT],
          providerId: carrierId,
          referenceOnly: true,
        },
        after,
        request.signal,
      ),
    );
  } catch (error) {
    return problemResponse(toAppError(error));
  }
}
