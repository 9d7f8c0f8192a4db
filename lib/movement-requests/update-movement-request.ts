// PATCH: an omitted property, at any depth, is left unchanged. Allowed until collection. A changed
// location re-prices the estimate and moves the first or last leg's end with it.
import { toDateOnly } from "@/lib/dates";
import { sql, transaction, type DB, type Kdb, type Selectable } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import { recordEvent } from "@/lib/events/record-event";
import type { RateCard } from "@/lib/generated/prisma/client";
import { getSitesOrThrow } from "@/lib/infrastructure/get-sites-or-throw";
import type { ActorScope } from "@/lib/movement-requests/actor-scope";
import { assertDeliveryDeadline } from "@/lib/movement-requests/delivery-deadline";
import {
  getMovementRequestOrThrow,
  type MovementRequestWithLegs,
} from "@/lib/movement-requests/get-movement-request-or-throw";
import type { Money } from "@/lib/movement-requests/money";
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
  return transaction(async (tx) => {
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
  trx: Kdb,
  request: {
    organisationId: string;
    transportMethod: RateCard["transportMethod"];
    movements: { thirdPartyLogisticsProviderId: string | null }[];
  },
) {
  const providerId = request.movements.find(
    (leg) => leg.thirdPartyLogisticsProviderId,
  )?.thirdPartyLogisticsProviderId;
  return trx
    .selectFrom("RateCard")
    .selectAll()
    .where("transportMethod", "=", request.transportMethod)
    .$if(providerId !== undefined, (query) => query.where("providerId", "=", providerId as string))
    .$if(providerId === undefined, (query) => query.where("organisationId", "=", request.organisationId))
    .executeTakeFirst();
}

type Changes = {
  originSiteId: string;
  destinationSiteId: string;
  body: UpdateMovementRequestBody;
  /** A new estimate (null: none), or undefined to keep the stored one. */
  estimatedCost: Money | null | undefined;
  now: Date;
};

/** The value on the given leg, the column as it is on the other legs. */
function onLeg<C extends keyof Selectable<DB["Movement"]>>(legId: string, column: C, value: string) {
  return sql<
    Selectable<DB["Movement"]>[C]
  >`CASE WHEN "id" = ${legId} THEN ${value} ELSE ${sql.ref(column)} END`;
}

/**
 * The request and its first and last legs in one statement; what the body leaves out is not set. One
 * statement because every edit runs it (three ORM updates before; docs/performance.md). Returns the new
 * version.
 */
async function writeChanges(
  trx: Kdb,
  request: MovementRequestWithLegs,
  { originSiteId, destinationSiteId, body, estimatedCost, now }: Changes,
): Promise<number> {
  const readyDate = body.origin?.readyToCollectFromDate;
  const readySlot = body.origin?.readyToCollectFromTimeslot;
  const deliveryByDate = body.destination?.deliveryByDate;
  // An explicit slot wins over a stored deliveryByTime (rule 3); the time stays as delivery hours.
  const deliveryBySlot = body.destination?.deliveryByTimeslot;
  const firstLegId = request.movements[0]?.id;
  const lastLegId = request.movements.at(-1)?.id;
  if (!firstLegId || !lastLegId) throw new Error(`Movement request ${request.id} has no legs`);
  const updated = await trx
    .with("legs", (kdb) =>
      kdb
        .updateTable("Movement")
        .set({
          originSiteId: onLeg(firstLegId, "originSiteId", originSiteId),
          ...(readyDate && { originScheduledOn: onLeg(firstLegId, "originScheduledOn", readyDate) }),
          ...(readySlot && {
            originScheduledTimeslot: onLeg(firstLegId, "originScheduledTimeslot", readySlot),
          }),
          destinationSiteId: onLeg(lastLegId, "destinationSiteId", destinationSiteId),
          ...(deliveryByDate && {
            destinationScheduledOn: onLeg(lastLegId, "destinationScheduledOn", deliveryByDate),
          }),
          ...(deliveryBySlot && {
            destinationScheduledTimeslot: onLeg(lastLegId, "destinationScheduledTimeslot", deliveryBySlot),
          }),
          updatedAt: now,
        })
        .where("id", "in", [firstLegId, lastLegId]),
    )
    .updateTable("MovementRequest")
    .set((eb) => ({
      originSiteId,
      destinationSiteId,
      ...(readyDate && { readyToCollectFromDate: readyDate, estimatedCollectionDate: readyDate }),
      ...(readySlot && { readyToCollectFromTimeslot: readySlot, estimatedCollectionTimeslot: readySlot }),
      ...(deliveryByDate && { deliveryByDate, estimatedDeliveryDate: deliveryByDate }),
      ...(deliveryBySlot && {
        deliveryByTimeslot: deliveryBySlot,
        estimatedDeliveryTimeslot: deliveryBySlot,
      }),
      ...((body.destination?.deliverOnSpecifiedDate ?? null) !== null && {
        deliverOnSpecifiedDate: body.destination?.deliverOnSpecifiedDate,
      }),
      ...((body.notes ?? null) !== null && { notes: body.notes }),
      ...((body.linkedJobInformation?.pin ?? null) !== null && {
        linkedJobPin: body.linkedJobInformation?.pin,
      }),
      ...(estimatedCost !== undefined && {
        estimatedCostCents: estimatedCost?.centAmount ?? null,
        estimatedCostCurrency: estimatedCost?.currencyCode ?? null,
      }),
      version: eb("version", "+", 1),
      updatedAt: now,
    }))
    .where("id", "=", request.id)
    .returning("version")
    .executeTakeFirst();
  if (!updated) throw new Error(`Movement request ${request.id} vanished under its row lock`);
  return updated.version;
}
