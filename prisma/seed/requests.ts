// Turns a compact demo request (route, dates, status path, carrier) into a consistent movement
// request: legs, carrier, actual dates, costs, tracking token and audit trail all follow its path.
import {
  MovementRequestStatus,
  MovementStatus,
  Timeslot,
  type AbortReason,
  type BusinessArea,
  type PrepJobDirection,
  type TransportMethod,
} from "@/lib/generated/prisma/client";
import { estimateCost, greatCircleDistanceKm } from "@/lib/movement-requests/pricing";
import { newId } from "@/lib/ids";
import { newTrackingToken } from "@/lib/movement-requests/tracking-token";
import { createMovementRequest, utcDate, type FactoryDb, type LegInput } from "@/prisma/factories";
import { lookup, type DemoOrganisation, type DemoWorld } from "./context";
import { auditTrail, stepInstants } from "./request-timeline";
import type { DemoVehicle } from "./vehicles";

const S = MovementRequestStatus;

export type CarrierRef = { driver: string } | { provider: string };

export type DemoRequest = {
  vehicle: DemoVehicle;
  from: string;
  to: string;
  /** Split point of a two-leg request. */
  via?: string;
  method: TransportMethod;
  area: BusinessArea;
  createdHoursAgo: number;
  /** Day offsets from today (UTC). */
  collect: number;
  deliverBy: number;
  collectSlot?: Timeslot;
  deliverSlot?: Timeslot;
  deliveryByTime?: string;
  deliverOnSpecifiedDate?: boolean;
  /** Status path from creation; starts with CREATED (planning pool) or SENT_TO_3PL (direct dispatch). */
  path: MovementRequestStatus[];
  /** Carrier of the first (or only) leg; for a direct dispatch, the 3PL. */
  carrier?: CarrierRef;
  /** Carrier of the second leg of a split request. */
  secondCarrier?: CarrierRef;
  /** Created with the integration API key (default) or by the dispatcher in the UI. */
  createdVia?: "api" | "ui";
  abort?: { reason: AbortReason; detail?: string };
  cancelReason?: string;
  /** The 3PL's price where it has no rate card for the method. */
  quotedCostCents?: number;
  /** The carrier's final price (its invoice), recorded through the price endpoint after delivery. */
  finalCostCents?: number;
  /** Or the final price as the estimate moved by this percentage (the reports' history). */
  finalCostPercent?: number;
  notes?: string;
  externalId?: string;
  externalVehicleId?: string;
  confirmedBy?: string;
  requestedBy?: string;
  linkedJobPin?: string;
  allowCollectionDateAdjustment?: boolean;
  allowDeliveryDateAdjustment?: boolean;
  prepJob?: { id: string; direction: PrepJobDirection };
};

const LEG_STATUS: Partial<Record<MovementRequestStatus, MovementStatus>> = {
  IN_PROGRESS: MovementStatus.IN_PROGRESS,
  DELIVERED: MovementStatus.DELIVERED,
  ABORTED: MovementStatus.ABORTED,
  CANCELLED: MovementStatus.CANCELLED,
};

export async function createDemoRequest(
  db: FactoryDb,
  world: DemoWorld,
  org: DemoOrganisation,
  spec: DemoRequest,
) {
  const directDispatch = spec.path[0] === S.SENT_TO_3PL;
  const provider =
    spec.carrier && "provider" in spec.carrier ? lookup(world.providers, spec.carrier.provider, "3PL") : null;
  checkSpec(spec, directDispatch, provider !== null);
  const origin = lookup(org.sites, spec.from, "site");
  const destination = lookup(org.sites, spec.to, "site");
  const instants = stepInstants(spec, world.now);
  const at = (status: MovementRequestStatus) => instants[spec.path.indexOf(status)];
  const createdAt = instants[0] ?? world.now;
  const deliveredAt = at(S.DELIVERED);

  // Priced at creation against the rate card of whoever the request went to (the pool: internal).
  const estimateCard = (directDispatch ? (provider?.rateCards ?? []) : org.internalRateCards).find(
    (card) => card.transportMethod === spec.method,
  );
  const estimatedCostCents = estimateCard ? (priceCents(estimateCard, origin, destination) ?? null) : null;
  // A 3PL prices the movement when it accepts it; an own driver's delivered movement costs the estimate.
  const acceptedAt = provider
    ? (at(S.ACCEPTED_SENT_TO_3PL) ?? (directDispatch ? undefined : at(S.PLANNED)))
    : undefined;
  const providerCard = provider?.rateCards.find((card) => card.transportMethod === spec.method);
  const providerPrice = providerCard ? priceCents(providerCard, origin, destination) : spec.quotedCostCents;
  const finalCostCents =
    spec.finalCostCents ??
    (spec.finalCostPercent !== undefined && estimatedCostCents !== null
      ? Math.round(estimatedCostCents * (1 + spec.finalCostPercent / 100))
      : undefined);
  const costCents =
    finalCostCents ??
    (provider ? (acceptedAt ? providerPrice : undefined) : deliveredAt ? estimatedCostCents : undefined) ??
    null;
  const currency = org.organisation.currencyCode;

  const dates = {
    readyDate: utcDate(spec.collect, world.now),
    deliverDate: utcDate(spec.deliverBy, world.now),
    collectSlot: spec.collectSlot ?? Timeslot.ANYTIME,
    deliverSlot: spec.deliverSlot ?? slotOfTime(spec.deliveryByTime),
  };
  const carrierOf = (ref: CarrierRef | undefined) =>
    ref === undefined
      ? {}
      : "driver" in ref
        ? { driverId: lookup(org.drivers, ref.driver, "driver").id }
        : { thirdPartyLogisticsProviderId: lookup(world.providers, ref.provider, "3PL").id };
  const legStatus = LEG_STATUS[spec.path.at(-1) ?? S.CREATED] ?? MovementStatus.OPEN;
  const collectedAt = at(S.IN_PROGRESS);
  const committed = spec.carrier !== undefined && (provider === null || acceptedAt !== undefined);
  const legs: LegInput[] = spec.via
    ? splitLegs(spec, lookup(org.sites, spec.via, "site").id, dates.readyDate).map((leg, index) => {
        const ref = index === 0 ? spec.carrier : spec.secondCarrier;
        return { ...leg, ...carrierOf(ref), status: legStatus, version: ref ? 2 : 1 };
      })
    : [
        {
          status: legStatus,
          version: spec.path.length,
          ...carrierOf(spec.carrier),
          ...(committed ? predictedDates(dates) : {}),
          acceptedAt: acceptedAt ?? null,
          originActualOn: collectedAt ? utcDate(0, collectedAt) : null,
          destinationActualOn: deliveredAt ? utcDate(0, deliveredAt) : null,
          costCents,
          costCurrency: costCents === null ? null : currency,
          abortReason: spec.abort?.reason ?? null,
          abortDetail: spec.abort?.detail ?? null,
        },
      ];
  // The pool tracks from creation; a 3PL dispatch once accepted; never where tracking is disabled.
  const tracked =
    org.organisation.trackingEnabled && (!directDispatch || spec.path.includes(S.ACCEPTED_SENT_TO_3PL));

  const created = await createMovementRequest(db, {
    organisationId: org.organisation.id,
    profileId: org.profile.id,
    originSiteId: origin.id,
    destinationSiteId: destination.id,
    history: auditTrail(spec, org, instants, provider !== null),
    legs,
    createdAt,
    createdBy: spec.createdVia === "ui" ? org.dispatcherEmail : org.integrationEmail,
    vin: spec.vehicle.vin,
    vrm: spec.vehicle.vrm,
    make: spec.vehicle.make,
    model: spec.vehicle.model,
    modelVariant: spec.vehicle.modelVariant,
    externalVehicleId: spec.externalVehicleId ?? null,
    readyToCollectFromDate: dates.readyDate,
    readyToCollectFromTimeslot: dates.collectSlot,
    allowCollectionDateAdjustment: spec.allowCollectionDateAdjustment ?? null,
    estimatedCollectionDate: dates.readyDate,
    estimatedCollectionTimeslot: dates.collectSlot,
    deliveryByDate: dates.deliverDate,
    deliveryByTimeslot: dates.deliverSlot,
    deliveryByTime: spec.deliveryByTime ?? null,
    deliverOnSpecifiedDate: spec.deliverOnSpecifiedDate ?? false,
    allowDeliveryDateAdjustment: spec.allowDeliveryDateAdjustment ?? null,
    estimatedDeliveryDate: dates.deliverDate,
    estimatedDeliveryTimeslot: dates.deliverSlot,
    businessArea: spec.area,
    transportMethod: spec.method,
    notes: spec.notes ?? null,
    externalId: spec.externalId ?? null,
    confirmedBy: spec.confirmedBy ?? null,
    requestedBy: spec.requestedBy ?? null,
    linkedJobPin: spec.linkedJobPin ?? null,
    estimatedCostCents,
    estimatedCostCurrency: estimatedCostCents === null ? null : currency,
    costCents,
    costCurrency: costCents === null ? null : currency,
    completedOn: deliveredAt ?? null,
    trackingToken: tracked ? newTrackingToken() : null,
    prepJobId: spec.prepJob?.id ?? null,
    prepJobDirection: spec.prepJob?.direction ?? null,
  });
  if (finalCostCents !== undefined) {
    if (!deliveredAt) throw new Error(`${spec.vehicle.vrm}: a final price comes after delivery`);
    // The invoice a day after delivery, as the price endpoint records it.
    await db.movementRequestPrice.create({
      data: {
        id: newId(),
        organisationId: org.organisation.id,
        movementRequestId: created.id,
        centAmount: finalCostCents,
        currencyCode: currency,
        actor: org.operationsActor,
        recordedAt: new Date(Math.min(deliveredAt.getTime() + 24 * 3_600_000, world.now.getTime())),
      },
    });
  }
  return created;
}

function checkSpec(spec: DemoRequest, directDispatch: boolean, hasProvider: boolean): void {
  if (spec.path.length === 0) throw new Error(`${spec.vehicle.vrm}: a demo request needs a status path`);
  if (directDispatch && !hasProvider) throw new Error(`${spec.vehicle.vrm}: a direct dispatch needs a 3PL`);
  if (spec.path.length === 1 && spec.path[0] === S.CREATED && spec.carrier) {
    throw new Error(`${spec.vehicle.vrm}: a request still in the pool has no carrier`);
  }
}

type RequestDates = { readyDate: Date; deliverDate: Date; collectSlot: Timeslot; deliverSlot: Timeslot };

function predictedDates(dates: RequestDates): LegInput {
  return {
    originPredictedOn: dates.readyDate,
    originPredictedTimeslot: dates.collectSlot,
    destinationPredictedOn: dates.deliverDate,
    destinationPredictedTimeslot: dates.deliverSlot,
  };
}

function slotOfTime(time: string | undefined): Timeslot {
  if (!time) return Timeslot.ANYTIME;
  return Number(time.slice(0, 2)) < 12 ? Timeslot.AM : Timeslot.PM;
}

/** Two legs meeting at `via` on the day halfway between collection and the deadline. */
function splitLegs(spec: DemoRequest, viaSiteId: string, readyDate: Date): LegInput[] {
  const handoverDate = utcDate(Math.max(0, Math.floor((spec.deliverBy - spec.collect) / 2)), readyDate);
  return [
    {
      destinationSiteId: viaSiteId,
      destinationScheduledOn: handoverDate,
      destinationScheduledTimeslot: Timeslot.ANYTIME,
    },
    { originSiteId: viaSiteId, originScheduledOn: handoverDate, originScheduledTimeslot: Timeslot.ANYTIME },
  ];
}

function priceCents(
  card: { baseCostCents: number; perKmCostCents: number; currencyCode: string },
  from: { latitude: number; longitude: number },
  to: { latitude: number; longitude: number },
): number | undefined {
  return estimateCost(card, greatCircleDistanceKm(from, to))?.centAmount;
}
