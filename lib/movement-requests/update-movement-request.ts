// PATCH: an omitted property, at any depth, is left unchanged. Allowed until collection. A changed
// location re-prices the estimate and moves the first or last leg's end with it.
import { fromDateOnly } from "@/lib/dates";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import { recordEvent } from "@/lib/events/record-event";
import type { Prisma, RateCard } from "@/lib/generated/prisma/client";
import { getSitesOrThrow } from "@/lib/infrastructure/get-sites-or-throw";
import type { ActorScope } from "@/lib/movement-requests/actor-scope";
import { getMovementRequestOrThrow } from "@/lib/movement-requests/get-movement-request-or-throw";
import { estimateCost, greatCircleDistanceKm } from "@/lib/movement-requests/pricing";
import type { UpdateMovementRequestBody } from "@/lib/movement-requests/schemas";
import { toMovementRequestResponse } from "@/lib/movement-requests/to-movement-request-response";
import { isEditable } from "@/lib/movement-requests/transitions";

export async function updateMovementRequest(
  scope: ActorScope,
  requestId: string,
  body: UpdateMovementRequestBody,
) {
  const now = new Date();
  return db().$transaction(async (tx) => {
    const request = await getMovementRequestOrThrow(tx, scope, requestId, { forUpdate: true });
    if (!isEditable(request.status)) {
      throw new AppError(
        "MOVEMENT_REQUEST_NOT_EDITABLE",
        `A movement request in status ${request.status} can no longer be changed.`,
      );
    }
    const { origin, destination } = body;
    const sites = await getSitesOrThrow(tx, request.organisationId, {
      "origin.location.siteId": origin?.location?.siteId ?? request.originSiteId,
      "destination.location.siteId": destination?.location?.siteId ?? request.destinationSiteId,
    });
    const originSite = sites["origin.location.siteId"];
    const destinationSite = sites["destination.location.siteId"];
    const readyDate = origin?.readyToCollectFromDate && fromDateOnly(origin.readyToCollectFromDate);
    const deliveryByDate = destination?.deliveryByDate && fromDateOnly(destination.deliveryByDate);

    const data: Prisma.MovementRequestUncheckedUpdateInput = {
      originSiteId: originSite.id,
      destinationSiteId: destinationSite.id,
      readyToCollectFromDate: readyDate,
      estimatedCollectionDate: readyDate,
      readyToCollectFromTimeslot: origin?.readyToCollectFromTimeslot,
      estimatedCollectionTimeslot: origin?.readyToCollectFromTimeslot,
      deliveryByDate,
      estimatedDeliveryDate: deliveryByDate,
      // An explicit slot wins over a stored deliveryByTime (rule 3); the time stays as delivery hours.
      deliveryByTimeslot: destination?.deliveryByTimeslot,
      estimatedDeliveryTimeslot: destination?.deliveryByTimeslot,
      deliverOnSpecifiedDate: destination?.deliverOnSpecifiedDate,
      notes: body.notes,
      linkedJobPin: body.linkedJobInformation?.pin,
      version: { increment: 1 },
    };
    const locationChanged =
      originSite.id !== request.originSiteId || destinationSite.id !== request.destinationSiteId;
    if (locationChanged) {
      const cost = estimateCost(
        await rateCardFor(tx, request),
        greatCircleDistanceKm(originSite, destinationSite),
      );
      data.estimatedCostCents = cost?.centAmount ?? null;
      data.estimatedCostCurrency = cost?.currencyCode ?? null;
    }
    const updated = await tx.movementRequest.update({ where: { id: request.id }, data });

    const first = request.movements[0];
    const last = request.movements.at(-1);
    if (first) {
      await tx.movement.update({
        where: { id: first.id },
        data: {
          originSiteId: originSite.id,
          originScheduledOn: readyDate,
          originScheduledTimeslot: origin?.readyToCollectFromTimeslot,
        },
      });
    }
    if (last) {
      await tx.movement.update({
        where: { id: last.id },
        data: {
          destinationSiteId: destinationSite.id,
          destinationScheduledOn: deliveryByDate,
          destinationScheduledTimeslot: destination?.deliveryByTimeslot,
        },
      });
    }
    await recordEvent(tx, {
      organisationId: request.organisationId,
      profileId: request.profileId,
      type: "movement_request.updated",
      resourceType: "movement_request",
      resourceId: request.id,
      resourceVersion: updated.version,
      occurredAt: now,
      payload: { actor: scope.actor, changed: Object.keys(body) },
    });
    return toMovementRequestResponse(await getMovementRequestOrThrow(tx, scope, requestId));
  });
}

/** The rate card of whoever carries the request: its 3PL's, else the organisation's internal one. */
async function rateCardFor(
  tx: Prisma.TransactionClient,
  request: {
    organisationId: string;
    transportMethod: RateCard["transportMethod"];
    movements: { thirdPartyLogisticsProviderId: string | null }[];
  },
) {
  const providerId = request.movements.find(
    (leg) => leg.thirdPartyLogisticsProviderId,
  )?.thirdPartyLogisticsProviderId;
  return tx.rateCard.findFirst({
    where: providerId
      ? { providerId, transportMethod: request.transportMethod }
      : { organisationId: request.organisationId, transportMethod: request.transportMethod },
  });
}
