// The board's detail panel: every field of one request of the organisation, its legs, the audit trail,
// the timeline of events (of the request and of its legs, newest first) and the webhook deliveries of
// those events with their last attempt. Another organisation's request is "not found", like an unknown id.
import { toDateOnly } from "@/lib/dates";
import { AppError } from "@/lib/errors/app-error";
import type {
  AbortReason,
  DeliveryStatus,
  MovementRequestStatus,
  MovementStatus,
  Timeslot,
  TransportMethod,
} from "@/lib/generated/prisma/enums";
import {
  readConfiguredProviders,
  readDetailEvents,
  readDetailLegs,
  readDetailRequest,
  readDetailStatusChanges,
} from "@/lib/movement-requests/board/board-detail-sql";
import {
  carrierOf,
  toBoardRow,
  utcToday,
  type BoardCarrier,
  type BoardRow,
  type BoardSite,
} from "@/lib/movement-requests/board/board-row";
import { formatMoney, money, type Money } from "@/lib/movement-requests/money";
import { AT_RISK_WEBHOOK_EVENT } from "@/lib/events/at-risk-envelope";
import { AT_RISK_EVENT, BACK_ON_TRACK_EVENT } from "@/lib/movement-requests/at-risk/evaluate-at-risk";
import { FINAL_PRICE_EVENT } from "@/lib/movement-requests/operations/record-final-price";
import { readBoardArrival } from "@/lib/movement-requests/board/board-sql";
import { BOARD_STATUS_LABEL } from "@/lib/movement-requests/board/board-status-labels";
import { trackingUrlOf } from "@/lib/schemas/tracking-url";
import { actorNamesOf, actorsInReasons, namedReason } from "@/lib/movement-requests/actor-names";

/** The timeline keeps the newest events; older ones are purged by retention anyway. */
export const DETAIL_EVENT_LIMIT = 100;

export type BoardLeg = {
  id: string;
  legNumber: number;
  status: MovementStatus;
  origin: BoardSite;
  destination: BoardSite;
  collection: { scheduled: DateSlot; predicted: DateSlot; actual: string | null };
  delivery: { scheduled: DateSlot; predicted: DateSlot; actual: string | null };
  carrier: BoardCarrier | null;
  acceptedAt: string | null;
  cost: Money | null;
  abortReason: AbortReason | null;
  abortDetail: string | null;
};

export type DateSlot = { date: string | null; slot: Timeslot | null };

export type BoardAuditEntry = {
  id: string;
  from: MovementRequestStatus | null;
  to: MovementRequestStatus;
  actor: string;
  reason: string | null;
  occurredAt: string;
};

export type BoardWebhookDelivery = {
  id: string;
  endpointUrl: string;
  status: DeliveryStatus;
  attemptCount: number;
  nextAttemptAt: string | null;
  lastAttempt: {
    attemptedAt: string;
    responseStatus: number | null;
    error: string | null;
    succeeded: boolean;
    durationMs: number;
  } | null;
};

export type BoardEvent = {
  id: string;
  sequence: string;
  type: string;
  resourceType: string;
  /** The leg's number for a movement event. */
  legNumber: number | null;
  summary: string;
  occurredAt: string;
  /** Published to webhooks (the four movement events); internal otherwise. */
  published: boolean;
  deliveries: BoardWebhookDelivery[];
};

export type BoardDetail = {
  row: BoardRow;
  version: number;
  profile: { id: string; name: string };
  notes: string | null;
  confirmedBy: string | null;
  createdBy: string;
  linkedJobPin: string | null;
  deliverOnSpecifiedDate: boolean;
  allowCollectionDateAdjustment: boolean | null;
  allowDeliveryDateAdjustment: boolean | null;
  completedOn: string | null;
  trackingUrl: string | null;
  prepJob: { id: string; direction: string | null } | null;
  legs: BoardLeg[];
  auditTrail: BoardAuditEntry[];
  events: BoardEvent[];
  /** 3PLs configured for the request's profile that carry its transport method: where it may be sent. */
  providers: { id: string; name: string; transportMethods: TransportMethod[] }[];
};

export async function getBoardDetail(
  organisationId: string,
  requestId: string,
  now: Date = new Date(),
): Promise<BoardDetail> {
  const found = await readDetailRequest(organisationId, requestId);
  if (!found) {
    throw new AppError("VEHICLE_MOVEMENT_REQUEST_NOT_FOUND", `No movement request ${requestId} was found.`);
  }
  const [movements, statusChanges] = await Promise.all([
    readDetailLegs(found.id),
    readDetailStatusChanges(found.id),
  ]);
  const request = { ...found, movements, statusChanges };
  const legIds = request.movements.map((leg) => leg.id);
  const legNumbers = new Map(request.movements.map((leg) => [leg.id, leg.legNumber]));
  const [events, configured, estimatedArrival] = await Promise.all([
    readDetailEvents(organisationId, request.id, legIds, DETAIL_EVENT_LIMIT),
    readConfiguredProviders(request.profileId),
    readBoardArrival(request.id),
  ]);

  const nameOf = await actorNamesOf(organisationId, [
    ...request.statusChanges.map((change) => change.actor),
    ...actorsInReasons(request.statusChanges.map((change) => change.reason)),
    ...events.flatMap((event) => actorOfPayload(event.payload) ?? []),
  ]);
  return {
    row: toBoardRow({ ...request, estimatedArrival }, utcToday(now)),
    version: request.version,
    profile: request.profile,
    notes: request.notes,
    confirmedBy: request.confirmedBy,
    createdBy: request.createdBy,
    linkedJobPin: request.linkedJobPin,
    deliverOnSpecifiedDate: request.deliverOnSpecifiedDate,
    allowCollectionDateAdjustment: request.allowCollectionDateAdjustment,
    allowDeliveryDateAdjustment: request.allowDeliveryDateAdjustment,
    completedOn: request.completedOn?.toISOString() ?? null,
    trackingUrl: trackingUrlOf(request) ?? null,
    prepJob: request.prepJobId ? { id: request.prepJobId, direction: request.prepJobDirection } : null,
    legs: request.movements.map((leg) => ({
      id: leg.id,
      legNumber: leg.legNumber,
      status: leg.status,
      origin: leg.originSite,
      destination: leg.destinationSite,
      collection: {
        scheduled: dateSlot(leg.originScheduledOn, leg.originScheduledTimeslot),
        predicted: dateSlot(leg.originPredictedOn, leg.originPredictedTimeslot),
        actual: leg.originActualOn && toDateOnly(leg.originActualOn),
      },
      delivery: {
        scheduled: dateSlot(leg.destinationScheduledOn, leg.destinationScheduledTimeslot),
        predicted: dateSlot(leg.destinationPredictedOn, leg.destinationPredictedTimeslot),
        actual: leg.destinationActualOn && toDateOnly(leg.destinationActualOn),
      },
      carrier: carrierOf(leg),
      acceptedAt: leg.acceptedAt?.toISOString() ?? null,
      cost: money(leg.costCents, leg.costCurrency),
      abortReason: leg.abortReason,
      abortDetail: leg.abortDetail,
    })),
    auditTrail: request.statusChanges.map((change) => ({
      id: change.id,
      from: change.fromStatus,
      to: change.toStatus,
      actor: nameOf(change.actor),
      reason: namedReason(change.reason, nameOf),
      occurredAt: change.occurredAt.toISOString(),
    })),
    events: events.map((event) => {
      const legNumber = event.resourceType === "movement" ? (legNumbers.get(event.resourceId) ?? null) : null;
      return {
        id: event.id,
        sequence: event.sequence.toString(),
        type: event.type,
        resourceType: event.resourceType,
        legNumber,
        summary: summarise(event.type, event.payload, legNumber, nameOf),
        occurredAt: event.occurredAt.toISOString(),
        published: event.envelope !== null,
        deliveries: event.deliveries.map(({ lastAttempt: last, ...delivery }) => ({
          id: delivery.id,
          endpointUrl: delivery.endpointUrl,
          status: delivery.status,
          attemptCount: delivery.attemptCount,
          nextAttemptAt: delivery.status === "PENDING" ? delivery.nextAttemptAt.toISOString() : null,
          lastAttempt: last
            ? {
                attemptedAt: last.attemptedAt.toISOString(),
                responseStatus: last.responseStatus,
                error: last.error,
                succeeded: last.succeeded,
                durationMs: last.durationMs,
              }
            : null,
        })),
      };
    }),
    providers: configured.filter((provider) => provider.transportMethods.includes(request.transportMethod)),
  };
}

function dateSlot(date: Date | null, slot: Timeslot | null): DateSlot {
  return { date: date && toDateOnly(date), slot };
}

/** One line for people: what the event says, from its internal payload. */
function summarise(
  type: string,
  payload: unknown,
  legNumber: number | null,
  nameOf: (actor: string) => string,
): string {
  const data = (payload && typeof payload === "object" ? payload : {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === "string" ? value : undefined);
  const label = (value: unknown) => {
    const status = text(value) as MovementRequestStatus | undefined;
    return status && status in BOARD_STATUS_LABEL ? BOARD_STATUS_LABEL[status] : status;
  };
  const actor = actorOfPayload(payload);
  const by = actor ? ` by ${nameOf(actor)}` : "";
  const leg = legNumber !== null ? `Leg ${legNumber}` : "A leg";
  switch (type) {
    case "movement_request.created":
      return `Created: ${label(data.status) ?? "new"}`;
    case "movement_request.status_changed":
      return data.from === data.to
        ? `${text(data.action) ?? "Changed"} (still ${label(data.to)})${by}`
        : `${label(data.from)} → ${label(data.to)}${by}`;
    case "movement_request.updated": {
      const changed = Array.isArray(data.changed)
        ? data.changed.filter((item) => typeof item === "string")
        : [];
      return `Edited${changed.length ? `: ${changed.join(", ")}` : ""}${by}`;
    }
    case "movement_request.offered": {
      const count = Array.isArray(data.driverIds) ? data.driverIds.length : 0;
      return `Offered to ${count} driver${count === 1 ? "" : "s"}${by}`;
    }
    case AT_RISK_EVENT:
      return "At risk: expected after its deadline";
    case BACK_ON_TRACK_EVENT:
      return "Back on track";
    case AT_RISK_WEBHOOK_EVENT:
      return `Webhook movement.at_risk: ${data.atRisk === true ? "at risk" : "back on track"}`;
    case FINAL_PRICE_EVENT: {
      const previous = moneyIn(data.previousCost);
      return `Final price ${formatMoney(moneyIn(data.cost))}${previous ? ` (was ${formatMoney(previous)})` : ""}${by}`;
    }
    case "movement.collected":
      return `${leg} collected`;
    case "movement.delivered":
      return `${leg} delivered`;
    case "movement.cancelled":
      return `${leg} cancelled`;
    case "movement.aborted":
      return `${leg} aborted`;
    default:
      return type;
  }
}

function actorOfPayload(payload: unknown): string | undefined {
  const actor = payload && typeof payload === "object" ? (payload as { actor?: unknown }).actor : undefined;
  return typeof actor === "string" ? actor : undefined;
}

function moneyIn(value: unknown): Money | null {
  const candidate = (value ?? {}) as Partial<Money>;
  return typeof candidate.centAmount === "number" && typeof candidate.currencyCode === "string"
    ? { centAmount: candidate.centAmount, currencyCode: candidate.currencyCode }
    : null;
}
