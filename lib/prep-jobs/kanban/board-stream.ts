// The live stream of one prep site's board: the organisation's prep-job events (lib/realtime), cut
// down to that site and to what a board needs. A workshop screen is public, so nothing personal goes
// out (no actor e-mail): only the event's type, the job and its position.
//
// An event of another site is sent as an id-only message: the browser does not dispatch it but does
// advance its Last-Event-ID, so a reconnect resumes after it rather than reading it again.
import "server-only";
import { organisationEventStream, startingSequence } from "@/lib/realtime/event-stream";

export type BoardStreamScope = { organisationId: string; prepSiteId: string };

/** What a board receives for each change of one of its jobs. */
export type BoardEvent = {
  sequence: string;
  type: string;
  prepJobId: string;
  stage: string | null;
  substage: string | null;
};

type UpstreamEvent = {
  sequence: string;
  type: string;
  resourceId: string;
  payload: { prepSiteId?: unknown; prepJobId?: unknown; stage?: unknown; substage?: unknown } | null;
};

export async function prepJobBoardStream(
  scope: BoardStreamScope,
  lastEventId: string | null,
  signal: AbortSignal,
): Promise<ReadableStream<Uint8Array>> {
  const after = await startingSequence(scope.organisationId, lastEventId);
  const upstream = organisationEventStream(
    // A work item's change shows on its job's card (done count, estimate, what it waits for).
    { organisationId: scope.organisationId, resourceTypes: ["prep_job", "work_item"] },
    after,
    signal,
  );
  return upstream.pipeThrough(siteFilter(scope.prepSiteId));
}

function siteFilter(prepSiteId: string): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let buffer = "";
  return new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      buffer += decoder.decode(chunk, { stream: true });
      const blocks = buffer.split("\n\n");
      buffer = blocks.pop() ?? "";
      for (const block of blocks) controller.enqueue(encoder.encode(`${rewrite(block, prepSiteId)}\n\n`));
    },
  });
}

/** One SSE message block in, the board's version out; comments and retry pass unchanged. */
function rewrite(block: string, prepSiteId: string): string {
  const data = block
    .split("\n")
    .find((line) => line.startsWith("data: "))
    ?.slice("data: ".length);
  if (!data) return block;
  const event = JSON.parse(data) as UpstreamEvent;
  if (event.payload?.prepSiteId !== prepSiteId) return `id: ${event.sequence}`;
  const board: BoardEvent = {
    sequence: event.sequence,
    type: event.type,
    prepJobId: typeof event.payload.prepJobId === "string" ? event.payload.prepJobId : event.resourceId,
    stage: typeof event.payload.stage === "string" ? event.payload.stage : null,
    substage: typeof event.payload.substage === "string" ? event.payload.substage : null,
  };
  // No `event:` field: every change arrives as a plain "message" (the type is in the data).
  return `id: ${event.sequence}\ndata: ${JSON.stringify(board)}`;
}
