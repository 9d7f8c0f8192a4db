// Creating a movement request, into the planning pool or straight to a 3PL: validate the sites and the
// provider, apply the specification's defaults (ready now, deliveryBy slot), price it against the rate
// card of whoever it goes to, and write the request, its first leg, its audit entry, its event and any
// prep-job change in one transaction.
import type { ApiCaller } from "@/lib/auth/api-caller";
import { sql, transaction, type Kdb } from "@/lib/db";
import { recordEvent } from "@/lib/events/record-event";
import type { RateCard, TransportMethod } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import { getConfiguredProviderOrThrow } from "@/lib/infrastructure/get-configured-provider-or-throw";
import { getSitesOrThrow } from "@/lib/infrastructure/get-sites-or-throw";
import { assertDeliveryDeadline } from "@/lib/movement-requests/delivery-deadline";
import type { MovementRequestWithLegs } from "@/lib/movement-requests/get-movement-request-or-throw";
import {
  insertMovementRequest,
  type NewMovementRequest,
} from "@/lib/movement-requests/insert-movement-request";
import { legFromJson } from "@/lib/movement-requests/movement-leg-json";
import { estimateCost, greatCircleDistanceKm } from "@/lib/movement-requests/pricing";
import type {
  CreateInPlanningPoolBody,
  CreateWithThirdPartyLogisticsBody,
} from "@/lib/movement-requests/schemas";
import { resolveDeliveryBy, resolveReadyToCollect } from "@/lib/movement-requests/timeslots";
import { toMovementRequestResponse } from "@/lib/movement-requests/to-movement-request-response";
import { newTrackingToken } from "@/lib/movement-requests/tracking-token";
import { INITIAL_STATUS } from "@/lib/movement-requests/transitions";
import { saveMovementCustomer } from "@/lib/notifications/customer/save-movement-customer";
import { notifyMovementRecipient } from "@/lib/notifications/notify-movement-recipient";
import { linkPrepJobToNewMovementRequest } from "@/lib/prep-job-stages/link-prep-job-to-movement-request";

/** Who creates: an API caller, or a staff user acting for a profile. */
export type Creator = Pick<ApiCaller, "organisationId" | "profileId" | "actor" | "email">;

type Dispatch = { to: "planningPool" } | { to: "thirdPartyLogistics"; providerId: string };

export async function createInPlanningPool(creator: Creator, body: CreateInPlanningPoolBody) {
  return createMovementRequest(creator, body, { to: "planningPool" });
}

export async function createWithThirdPartyLogistics(
  creator: Creator,
  body: CreateWithThirdPartyLogisticsBody,
) {
  const { thirdPartyLogisticsProviderId, ...rest } = body;
  return createMovementRequest(creator, rest, {
    to: "thirdPartyLogistics",
    providerId: thirdPartyLogisticsProviderId,
  });
}

type CreateBody = CreateInPlanningPoolBody & {
  origin: { allowCollectionDateAdjustment?: boolean };
  destination: { allowDeliveryDateAdjustment?: boolean };
};

/**
 * Within an open transaction: also used when a prep site is assigned to a parked job. Returns the
 * request as getMovementRequestOrThrow would read it back, built from what the writes returned.
 */
export async function createMovementRequestIn(
  tx: Kdb,
  creator: Creator,
  body: CreateBody,
  dispatch: Dispatch,
  now = new Date(),
): Promise<MovementRequestWithLegs> {
  const sites = await getSitesOrThrow(tx, creator.organisationId, {
    "origin.location.siteId": body.origin.location.siteId,
    "destination.location.siteId": body.destination.location.siteId,
  });
  const origin = sites["origin.location.siteId"];
  const destination = sites["destination.location.siteId"];
  const provider =
    dispatch.to === "thirdPartyLogistics"
      ? await getConfiguredProviderOrThrow(tx, creator.profileId, dispatch.providerId, body.transportMethod)
      : null;
  const organisation = await organisationPricing(tx, creator.organisationId, body.transportMethod);
  const rateCard = provider
    ? provider.rateCards.find((card) => card.transportMethod === body.transportMethod)
    : organisation.internalRateCard;

  const ready = resolveReadyToCollect(
    { date: body.origin.readyToCollectFromDate, timeslot: body.origin.readyToCollectFromTimeslot },
    origin,
    now,
  );
  assertDeliveryDeadline({
    deliveryByDate: body.destination.deliveryByDate,
    readyToCollectFromDate: ready.date,
    destination,
    now,
  });
  const deliveryBy = resolveDeliveryBy(body.destination);
  const status = INITIAL_STATUS[dispatch.to];
  // Pool requests have a tracking record at once; a 3PL's only once it accepts.
  const trackingToken =
    organisation.trackingEnabled && dispatch.to === "planningPool" ? newTrackingToken() : null;

  const id = newId();
  const request: NewMovementRequest = {
    id,
    organisationId: creator.organisationId,
    profileId: creator.profileId,
    status,
    vehicle: body.vehicle,
    originSiteId: origin.id,
    readyToCollectFromDate: ready.date,
    readyToCollectFromTimeslot: ready.timeslot,
    allowCollectionDateAdjustment: body.origin.allowCollectionDateAdjustment,
    destinationSiteId: destination.id,
    deliveryByDate: body.destination.deliveryByDate,
    deliveryByTimeslot: deliveryBy.timeslot,
    deliveryByTime: deliveryBy.time,
    deliverOnSpecifiedDate: body.destination.deliverOnSpecifiedDate ?? false,
    allowDeliveryDateAdjustment: body.destination.allowDeliveryDateAdjustment,
    businessArea: body.businessArea,
    transportMethod: body.transportMethod,
    notes: body.notes,
    externalId: body.externalId,
    confirmedBy: body.confirmedBy,
    requestedBy: body.requestedBy,
    createdBy: creator.email,
    linkedJobPin: body.linkedJobInformation?.pin,
    estimatedCost: estimateCost(rateCard, greatCircleDistanceKm(origin, destination)),
    trackingToken,
    thirdPartyLogisticsProviderId: provider?.id ?? null,
    actor: creator.actor,
    createdAt: now,
  };
  const inserted = await insertMovementRequest(tx, request);
  if (body.customer) await saveMovementCustomer(tx, request, body.customer);
  await recordEvent(tx, {
    organisationId: creator.organisationId,
    profileId: creator.profileId,
    type: "movement_request.created",
    resourceType: "movement_request",
    resourceId: id,
    resourceVersion: 1,
    occurredAt: now,
    payload: { status, originSiteId: origin.id, destinationSiteId: destination.id },
  });
  const prepJobLink = await linkPrepJobToNewMovementRequest(tx, {
    creator,
    requestId: id,
    vehicle: body.vehicle,
    businessArea: body.businessArea,
    origin,
    destination,
    now,
  });
  if (trackingToken) {
    await notifyMovementRecipient(tx, { ...request, ...request.vehicle }, "tracking");
  }
  // A new request has no ETA yet, no marketplace award, and only the first leg.
  return {
    ...inserted.row,
    ...prepJobLink,
    organisation: { trackingEnabled: organisation.trackingEnabled },
    destinationSite: { countryCode: destination.countryCode, timezone: destination.timezone },
    storedEstimatedArrival: null,
    movements: [legFromJson(inserted.firstLeg)],
  };
}

/** One Kysely transaction: the request, its first leg, its event and outbox rows, any prep-job change. */
async function createMovementRequest(creator: Creator, body: CreateBody, dispatch: Dispatch) {
  return transaction(async (tx) =>
    toMovementRequestResponse(await createMovementRequestIn(tx, creator, body, dispatch)),
  );
}

/**
 * The organisation's tracking setting and its internal rate card for the method, in one query
 * (two compiled ORM queries before; docs/performance.md).
 */
async function organisationPricing(
  tx: Kdb,
  organisationId: string,
  transportMethod: TransportMethod,
): Promise<{ trackingEnabled: boolean; internalRateCard: RateCard | undefined }> {
  const row = await tx
    .selectFrom("Organisation as o")
    .leftJoin("RateCard as r", (join) =>
      join.onRef("r.organisationId", "=", "o.id").on("r.transportMethod", "=", transportMethod),
    )
    .select(["o.trackingEnabled", sql<RateCard | null>`to_jsonb(r)`.as("rateCard")])
    .where("o.id", "=", organisationId)
    .executeTakeFirst();
  if (!row) throw new Error(`Organisation ${organisationId} does not exist`);
  return { trackingEnabled: row.trackingEnabled, internalRateCard: row.rateCard ?? undefined };
}
