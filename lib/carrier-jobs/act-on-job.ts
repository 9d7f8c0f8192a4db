// A carrier's action through its job link. Every action is the operations API's own use case
// (accept, collected, delivered, aborted), called with the link's organisation as scope and the
// carrier as actor: the same transition tables, row locks, audit, events and webhooks. The link adds
// only who may act, and on which legs (its carrier's own). Decline is the link's own: the offer is
// refused by this carrier (the request's lifecycle has no transition for it; see
// docs/carrier-journey.md); it is audited as an internal event.
import "server-only";
import { transaction } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import { recordEvent } from "@/lib/events/record-event";
import { actingCarrierOf, actorOfCarrier } from "@/lib/movement-requests/acting-carrier";
import { legFor, jobActions } from "@/lib/carrier-jobs/job-link-standing";
import type { ResolvedJobLink } from "@/lib/carrier-jobs/resolve-job-link";
import type { JobActionBody, JobActionOutcome } from "@/lib/carrier-jobs/schemas";
import { acceptMovementRequest } from "@/lib/movement-requests/operations/accept-movement-request";
import { legConflict } from "@/lib/movement-requests/operations/legs";
import { markAborted } from "@/lib/movement-requests/operations/mark-aborted";
import { markCollected } from "@/lib/movement-requests/operations/mark-collected";
import { markDelivered } from "@/lib/movement-requests/operations/mark-delivered";

export const OFFER_DECLINED_EVENT = "movement_request.offer_declined";

export function carrierActor(link: ResolvedJobLink["link"]): string {
  return actorOfCarrier(actingCarrierOf(link));
}

export async function actOnJob(
  resolved: ResolvedJobLink,
  body: JobActionBody,
  now = new Date(),
): Promise<JobActionOutcome> {
  const { link, request, standingRequest, standing } = resolved;
  if (standing === "taken") throw legConflict("This job was taken by another driver.");
  if (standing === "declined") throw legConflict("You declined this job.");
  if (!jobActions(link, standingRequest, now).includes(body.action)) {
    throw legConflict(`This job cannot be ${body.action === "accept" ? "accepted" : body.action} now.`);
  }
  const carrier = actingCarrierOf(link);
  // The use cases check under the request's lock that the legs acted on are still this carrier's.
  const scope = { organisationId: link.organisationId, actor: carrierActor(link), carrier };
  const id = request.id;
  switch (body.action) {
    case "accept": {
      const driver = link.driverId ? { driverId: link.driverId } : {};
      const accepted = await acceptMovementRequest(scope, id, driver).catch((error: unknown) => {
        // Lost the race of a multi-driver offer: say so in the driver's words, not the table's.
        const lost = error instanceof AppError && error.code === "INVALID_STATUS_TRANSITION";
        throw lost && request.status === "SENT_TO_MULTIPLE_DRIVERS"
          ? legConflict("This job was taken by another driver.")
          : error;
      });
      return { action: body.action, status: accepted.status };
    }
    case "decline":
      return decline(resolved, scope.actor, now);
    case "collected": {
      const leg = legFor("collected", link, standingRequest);
      const collected = await markCollected(scope, id, { legNumber: leg?.legNumber });
      return { action: body.action, status: collected.status };
    }
    case "delivered": {
      const leg = legFor("delivered", link, standingRequest);
      const delivered = await markDelivered(scope, id, { legNumber: leg?.legNumber });
      return { action: body.action, status: delivered.status };
    }
    case "aborted": {
      const aborted = await markAborted(scope, id, { reason: body.reason, detail: body.detail });
      return { action: body.action, status: aborted.status };
    }
  }
}

async function decline(resolved: ResolvedJobLink, actor: string, now: Date): Promise<JobActionOutcome> {
  const { link, request } = resolved;
  await transaction(async (trx) => {
    const declined = await trx
      .updateTable("JobLink")
      .set({ declinedAt: now })
      .where("id", "=", link.id)
      .where("declinedAt", "is", null)
      .where("revokedAt", "is", null)
      .returning("id")
      .executeTakeFirst();
    if (!declined) throw new AppError("NOT_FOUND", "This job link is no longer valid.");
    await recordEvent(trx, {
      organisationId: request.organisationId,
      profileId: request.profileId,
      type: OFFER_DECLINED_EVENT,
      resourceType: "movement_request",
      resourceId: request.id,
      resourceVersion: request.version,
      occurredAt: now,
      payload: { actor, jobLinkId: link.id },
    });
  });
  return { action: "decline", status: request.status };
}
