// What the planner knows and what it proposes (issue 39; docs/planning.md). Plain data, no database: the
// API loads it (load-planning-input.ts), and the worker may hand the same input to planPool later.
import type { WorkingHours } from "@/lib/drivers/schemas";
import type { Timeslot, TransportMethod } from "@/lib/generated/prisma/enums";

export type { Timeslot, TransportMethod, WorkingHours };

/** A site the planner can reach: where a vehicle is, goes, or a driver lives. */
export type Place = { siteId: string; latitude: number; longitude: number; timeZone: string | null };

/** A pool request, with the specification's dates and slots as stored. */
export type PlanningRequest = {
  id: string;
  profileId: string;
  transportMethod: TransportMethod;
  origin: Place;
  destination: Place;
  readyToCollectFromDate: string;
  readyToCollectFromTimeslot: Timeslot;
  deliveryByDate: string;
  deliveryByTimeslot: Timeslot;
  deliveryByTime: string | null;
  deliverOnSpecifiedDate: boolean;
};

export type PlanningDriver = {
  id: string;
  home: Place;
  workingHours: WorkingHours;
  /** Local dates ("2026-12-24") off besides the weekly ones. */
  daysOff: readonly string[];
  /** DRIVEN, and TRANSPORTED when they hold a transporter licence. */
  transportMethods: readonly TransportMethod[];
  /** null: the organisation's default rate. */
  costPerHourCents: number | null;
};

export type RateCard = {
  transportMethod: TransportMethod;
  baseCostCents: number;
  perKmCostCents: number;
  currencyCode: string;
};

export type PlanningProvider = {
  id: string;
  transportMethods: readonly TransportMethod[];
  /** The profiles configured to dispatch to it: a request may go only to its own profile's 3PLs. */
  profileIds: readonly string[];
  rateCards: readonly RateCard[];
};

/** How a driver gets from a delivery to the next collection, or home. */
export type Repositioning =
  { mode: "PUBLIC_TRANSPORT"; factor: number } | { mode: "CHASE_CAR"; costPerKmCents: number };

export type PlanningSettings = {
  currencyCode: string;
  latenessPenaltyPerHourCents: number;
  defaultDriverCostPerHourCents: number;
  repositioning: Repositioning;
};

/**
 * `origin>destination>method` (laneKey) → the usual milliseconds from collection to delivery, learned
 * from the organisation's delivered requests (the at-risk pass's lane durations).
 */
export type LaneDurations = ReadonlyMap<string, number>;

export type PlanningInput = {
  /** The days planned, inclusive ("YYYY-MM-DD"): the drivers' shifts are taken from these. */
  from: string;
  to: string;
  requests: readonly PlanningRequest[];
  drivers: readonly PlanningDriver[];
  providers: readonly PlanningProvider[];
  settings: PlanningSettings;
  laneDurations: LaneDurations;
  /** Epoch ms: nothing is planned to happen before it (when the plan is made); absent: no limit. */
  notBefore?: number;
};

export const UNPLANNED_REASONS = {
  NO_CARRIER:
    "No own driver may move it this way and no 3PL of its profile carries it at a price in the organisation's currency",
  NO_DRIVER_TIME:
    "No driver who may move it has the time between its ready time and a day after its deadline, and no 3PL of its profile carries it",
} as const;
export type UnplannedReason = keyof typeof UNPLANNED_REASONS;

export type PlannedMove = { requestId: string; collectAt: string; deliverAt: string; lateMinutes: number };

/** The plan's body (issue 39 §2): every request asked for appears exactly once. */
export type PlanBody = {
  drivers: { driverId: string; moves: PlannedMove[] }[];
  thirdParty: {
    requestId: string;
    providerId: string;
    priceCents: number;
    currency: string;
    lateMinutes: number;
  }[];
  unplanned: { requestId: string; reason: UnplannedReason; detail: string }[];
  totals: {
    /** Driver hours, chase cars and 3PL prices: what the plan would cost. */
    costCents: number;
    currency: string;
    /** The objective's other part: the organisation's penalty for each hour late. */
    latenessPenaltyCents: number;
    emptyKm: number;
    lateRequests: number;
  };
};
