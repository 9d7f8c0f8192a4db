// The positions a carrier's phone shares while its leg is on the road (issue #35 §2): the operations
// API's own use case, with the link's organisation as scope and its carrier as actor and carrier, so
// only a leg this carrier holds and that is on the road takes them (409 otherwise).
import "server-only";
import { actingCarrierOf } from "@/lib/movement-requests/acting-carrier";
import { carrierActor } from "@/lib/carrier-jobs/act-on-job";
import type { ResolvedJobLink } from "@/lib/carrier-jobs/resolve-job-link";
import type { JobPositionsBody } from "@/lib/carrier-jobs/schemas";
import { recordPositions } from "@/lib/positions/record-positions";

export async function recordJobPositions(
  { link, request }: ResolvedJobLink,
  body: JobPositionsBody,
  now = new Date(),
): Promise<{ accepted: number }> {
  const scope = {
    organisationId: link.organisationId,
    actor: carrierActor(link),
    carrier: actingCarrierOf(link),
  };
  return recordPositions(scope, request.id, { positions: body.positions }, now);
}
