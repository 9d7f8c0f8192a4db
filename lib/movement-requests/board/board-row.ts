// One line of the movement board: what the table, the CSV export and the detail panel's header show.
// Plain JSON (dates as YYYY-MM-DD, instants as ISO strings) so it crosses to client components as is.
import { toDateOnly } from "@/lib/dates";
import type { MovementRequest } from "@/lib/generated/prisma/client";
import type {
  BusinessArea,
  MovementRequestStatus,
  MovementStatus,
  Timeslot,
  TransportMethod,
} from "@/lib/generated/prisma/enums";
import { resolveSiteTimeZone } from "@/lib/infrastructure/site-time-zone";
import { currentLeg } from "@/lib/movement-requests/leg-transitions";
import { money, type Money } from "@/lib/movement-requests/money";
import { TERMINAL_STATUSES } from "@/lib/schemas/movement-wire";

export type BoardSite = { id: string; name: string; code: string };
export type BoardCarrier = {
  type: "DRIVER" | "THIRD_PARTY_LOGISTICS" | "MARKETPLACE";
  id: string;
  name: string;
};

export type BoardRow = {
  id: string;
  status: MovementRequestStatus;
  vehicle: {
    vin: string | null;
    vrm: string | null;
    make: string | null;
    model: string | null;
    externalVehicleId: string | null;
  };
  externalId: string | null;
  businessArea: BusinessArea;
  transportMethod: TransportMethod;
  origin: BoardSite;
  destination: BoardSite;
  readyDate: string;
  readySlot: Timeslot;
  dueDate: string;
  dueSlot: Timeslot;
  dueTime: string | null;
  estimatedCollectionDate: string | null;
  estimatedCollectionSlot: Timeslot | null;
  estimatedDeliveryDate: string | null;
  estimatedDeliverySlot: Timeslot | null;
  /** The current leg's carrier: the first leg not yet delivered, else the last (as the API's `provider`). */
  carrier: BoardCarrier | null;
  legCount: number;
  estimatedCost: Money | null;
  cost: Money | null;
  isLate: boolean;
  /** Set while the worker finds it at risk of missing its deadline (lib/movement-requests/at-risk/). */
  atRisk: { since: string } | null;
  /** The worker's estimated arrival window (lib/movement-requests/eta/), shown in the destination's zone. */
  arrival: { earliest: string; latest: string; timeZone: string } | null;
  createdAt: string;
  updatedAt: string;
};

/** What a board row is made from: the request's board columns, its sites and its legs' carriers. */
export type BoardRowSource = Pick<
  MovementRequest,
  | "id"
  | "status"
  | "vin"
  | "vrm"
  | "make"
  | "model"
  | "externalVehicleId"
  | "externalId"
  | "businessArea"
  | "transportMethod"
  | "readyToCollectFromDate"
  | "readyToCollectFromTimeslot"
  | "deliveryByDate"
  | "deliveryByTimeslot"
  | "deliveryByTime"
  | "estimatedCollectionDate"
  | "estimatedCollectionTimeslot"
  | "estimatedDeliveryDate"
  | "estimatedDeliveryTimeslot"
  | "estimatedCostCents"
  | "estimatedCostCurrency"
  | "costCents"
  | "costCurrency"
  | "atRiskSince"
  | "createdAt"
  | "updatedAt"
> & {
  originSite: BoardSite;
  destinationSite: BoardSite;
  /** The stored window with its destination's zone (board-sql.ts, arrivalJsonSql); null before the first. */
  estimatedArrival: BoardArrivalSource | null;
  /** In leg order. */
  movements: BoardLegSource[];
};

export type BoardArrivalSource = {
  earliest: string;
  latest: string;
  countryCode: string;
  timezone: string | null;
};

export type BoardLegSource = {
  status: MovementStatus;
  driver: { id: string; firstname: string; surname: string } | null;
  provider: { id: string; name: string } | null;
  /** The marketplace carrier that won the request, on the legs it carries. */
  marketplaceCarrier: { id: string; name: string } | null;
};

/** The columns of BoardRowSource (the board's SQL selects exactly these). */
export const BOARD_ROW_COLUMNS = [
  "id",
  "status",
  "vin",
  "vrm",
  "make",
  "model",
  "externalVehicleId",
  "externalId",
  "businessArea",
  "transportMethod",
  "readyToCollectFromDate",
  "readyToCollectFromTimeslot",
  "deliveryByDate",
  "deliveryByTimeslot",
  "deliveryByTime",
  "estimatedCollectionDate",
  "estimatedCollectionTimeslot",
  "estimatedDeliveryDate",
  "estimatedDeliveryTimeslot",
  "estimatedCostCents",
  "estimatedCostCurrency",
  "costCents",
  "costCurrency",
  "atRiskSince",
  "createdAt",
  "updatedAt",
] as const satisfies readonly (keyof BoardRowSource)[];

/** UTC midnight of today's UTC date: the late flag's "today". */
export function utcToday(now: Date = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** Past its delivery deadline (before today's UTC date) and neither delivered, cancelled nor aborted. */
export function isLate(
  deliveryByDate: Date,
  status: MovementRequestStatus,
  today: Date = utcToday(),
): boolean {
  return deliveryByDate.getTime() < today.getTime() && !TERMINAL_STATUSES.includes(status);
}

export function toBoardRow(request: BoardRowSource, today: Date = utcToday()): BoardRow {
  const legs = request.movements;
  const current = currentLeg(legs);
  return {
    id: request.id,
    status: request.status,
    vehicle: {
      vin: request.vin,
      vrm: request.vrm,
      make: request.make,
      model: request.model,
      externalVehicleId: request.externalVehicleId,
    },
    externalId: request.externalId,
    businessArea: request.businessArea,
    transportMethod: request.transportMethod,
    origin: request.originSite,
    destination: request.destinationSite,
    readyDate: toDateOnly(request.readyToCollectFromDate),
    readySlot: request.readyToCollectFromTimeslot,
    dueDate: toDateOnly(request.deliveryByDate),
    dueSlot: request.deliveryByTimeslot,
    dueTime: request.deliveryByTime,
    estimatedCollectionDate: request.estimatedCollectionDate && toDateOnly(request.estimatedCollectionDate),
    estimatedCollectionSlot: request.estimatedCollectionTimeslot,
    estimatedDeliveryDate: request.estimatedDeliveryDate && toDateOnly(request.estimatedDeliveryDate),
    estimatedDeliverySlot: request.estimatedDeliveryTimeslot,
    carrier: carrierOf(current),
    legCount: legs.length,
    estimatedCost: money(request.estimatedCostCents, request.estimatedCostCurrency),
    cost: money(request.costCents, request.costCurrency),
    isLate: isLate(request.deliveryByDate, request.status, today),
    // A finished request is not at risk, whatever flag the worker's last pass left on it.
    atRisk:
      request.atRiskSince && !TERMINAL_STATUSES.includes(request.status)
        ? { since: request.atRiskSince.toISOString() }
        : null,
    arrival:
      request.estimatedArrival && !TERMINAL_STATUSES.includes(request.status)
        ? {
            earliest: request.estimatedArrival.earliest,
            latest: request.estimatedArrival.latest,
            timeZone: resolveSiteTimeZone(request.estimatedArrival) ?? "UTC",
          }
        : null,
    createdAt: request.createdAt.toISOString(),
    updatedAt: request.updatedAt.toISOString(),
  };
}

export function carrierOf(leg: BoardLegSource | undefined): BoardCarrier | null {
  if (leg?.provider) return { type: "THIRD_PARTY_LOGISTICS", id: leg.provider.id, name: leg.provider.name };
  if (leg?.marketplaceCarrier) {
    return { type: "MARKETPLACE", id: leg.marketplaceCarrier.id, name: leg.marketplaceCarrier.name };
  }
  if (leg?.driver) {
    return { type: "DRIVER", id: leg.driver.id, name: `${leg.driver.firstname} ${leg.driver.surname}` };
  }
  return null;
}
