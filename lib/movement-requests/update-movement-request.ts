// PATCH: an omitted property, at any depth, is left unchanged. Allowed until collection. A changed
// location re-prices the estimate and moves the first or last leg's end with it.
import { toDateOnly } from "@/lib/dates";
import { db, sqlTimestamp } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import { recordEvent } from "@/lib/events/record-event";
import type { Prisma, RateCard } from "@/lib/generated/prisma/client";
import { getSitesOrThrow } from "@/lib/infrastructure/get-sites-or-throw";
import type { ActorScope } from "@/lib/movement-requests/actor-scope";
import { assertDeliveryDeadline } from "@/lib/movement-requests/delivery-deadline";
import {
  getMovementRequestOrThrow,
  type MovementRequestWithLegs,
} from "@/lib/movement-requests/get-movement-request-or-throw";
import { estimateCost, greatCircleDistanceKm, type Money } from "@/lib/movement-requests/pricing";
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
    assertDeliveryDeadline({
      deliveryByDate: destination?.deliveryByDate ?? toDateOnly(request.deliveryByDate),
      readyToCollectFromDate: origin?.readyToCollectFromDate ?? toDateOnly(request.readyToCollectFromDate),
      destination: destinationSite,
      now,
      checkToday: destination?.deliveryByDate !== undefined,
    });
    const locationChanged =
      originSite.id !== request.originSiteId || destinationSite.id !== request.destinationSiteId;
    const estimatedCost = locationChanged
      ? (estimateCost(await rateCardFor(tx, request), greatCircleDistanceKm(originSite, destinationSite)) ??
        null)
      : undefined;
    const version = await writeChanges(tx, request, {
      originSiteId: originSite.id,
      destinationSiteId: destinationSite.id,
      body,
      estimatedCost,
      now,
    });
    await recordEvent(tx, {
      organisationId: request.organisationId,
      profileId: request.profileId,
      type: "movement_request.updated",
      resourceType: "movement_request",
      resourceId: request.id,
      resourceVersion: version,
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

type Changes = {
  originSiteId: string;
  destinationSiteId: string;
  body: UpdateMovementRequestBody;
  /** A new estimate (null: none), or undefined to keep the stored one. */
  estimatedCost: Money | null | undefined;
  now: Date;
};

/**
 * The request and its first and last legs in one raw statement; what the body leaves out stays as it
 * is (COALESCE with a null parameter). Raw because every edit runs it and Prisma 6 compiles each ORM
 * update on the event loop (three of them before; docs/performance.md). Returns the new version.
 */
async function writeChanges(
  tx: Prisma.TransactionClient,
  request: MovementRequestWithLegs,
  { originSiteId, destinationSiteId, body, estimatedCost, now }: Changes,
): Promise<number> {
  const readyDate = body.origin?.readyToCollectFromDate ?? null;
  const readySlot = body.origin?.readyToCollectFromTimeslot ?? null;
  const deliveryByDate = body.destination?.deliveryByDate ?? null;
  // An explicit slot wins over a stored deliveryByTime (rule 3); the time stays as delivery hours.
  const deliveryBySlot = body.destination?.deliveryByTimeslot ?? null;
  const keepCost = estimatedCost === undefined;
  const updatedAt = sqlTimestamp(now);
  const firstLegId = request.movements[0]?.id ?? null;
  const lastLegId = request.movements.at(-1)?.id ?? null;
  const [updated] = await tx.$queryRaw<{ version: number }[]>`
    WITH legs AS (
      UPDATE "Movement" SET
        "originSiteId" = CASE WHEN "id" = ${firstLegId} THEN ${originSiteId} ELSE "originSiteId" END,
        "originScheduledOn" = CASE WHEN "id" = ${firstLegId}
          THEN COALESCE(${readyDate}::date, "originScheduledOn") ELSE "originScheduledOn" END,
        "originScheduledTimeslot" = CASE WHEN "id" = ${firstLegId}
          THEN COALESCE(${readySlot}::"Timeslot", "originScheduledTimeslot") ELSE "originScheduledTimeslot" END,
        "destinationSiteId" = CASE WHEN "id" = ${lastLegId} THEN ${destinationSiteId} ELSE "destinationSiteId" END,
        "destinationScheduledOn" = CASE WHEN "id" = ${lastLegId}
          THEN COALESCE(${deliveryByDate}::date, "destinationScheduledOn") ELSE "destinationScheduledOn" END,
        "destinationScheduledTimeslot" = CASE WHEN "id" = ${lastLegId}
          THEN COALESCE(${deliveryBySlot}::"Timeslot", "destinationScheduledTimeslot")
          ELSE "destinationScheduledTimeslot" END,
        "updatedAt" = ${updatedAt}
      WHERE "id" IN (${firstLegId}, ${lastLegId})
    )
    UPDATE "MovementRequest" SET
      "originSiteId" = ${originSiteId},
      "destinationSiteId" = ${destinationSiteId},
      "readyToCollectFromDate" = COALESCE(${readyDate}::date, "readyToCollectFromDate"),
      "estimatedCollectionDate" = COALESCE(${readyDate}::date, "estimatedCollectionDate"),
      "readyToCollectFromTimeslot" = COALESCE(${readySlot}::"Timeslot", "readyToCollectFromTimeslot"),
      "estimatedCollectionTimeslot" = COALESCE(${readySlot}::"Timeslot", "estimatedCollectionTimeslot"),
      "deliveryByDate" = COALESCE(${deliveryByDate}::date, "deliveryByDate"),
      "estimatedDeliveryDate" = COALESCE(${deliveryByDate}::date, "estimatedDeliveryDate"),
      "deliveryByTimeslot" = COALESCE(${deliveryBySlot}::"Timeslot", "deliveryByTimeslot"),
      "estimatedDeliveryTimeslot" = COALESCE(${deliveryBySlot}::"Timeslot", "estimatedDeliveryTimeslot"),
      "deliverOnSpecifiedDate" = COALESCE(${body.destination?.deliverOnSpecifiedDate ?? null}::boolean,
        "deliverOnSpecifiedDate"),
      "notes" = COALESCE(${body.notes ?? null}, "notes"),
      "linkedJobPin" = COALESCE(${body.linkedJobInformation?.pin ?? null}, "linkedJobPin"),
      "estimatedCostCents" = CASE WHEN ${keepCost}::boolean THEN "estimatedCostCents"
        ELSE ${estimatedCost?.centAmount ?? null}::integer END,
      "estimatedCostCurrency" = CASE WHEN ${keepCost}::boolean THEN "estimatedCostCurrency"
        ELSE ${estimatedCost?.currencyCode ?? null} END,
      "version" = "version" + 1,
      "updatedAt" = ${updatedAt}
    WHERE "id" = ${request.id}
    RETURNING "version"`;
  if (!updated) throw new Error(`Movement request ${request.id} vanished under its row lock`);
  return updated.version;
}
