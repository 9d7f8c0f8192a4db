// The public tracking page's data: what the customer of a dealer needs to know, and nothing internal —
// no ids, names or e-mail addresses, VIN or registration, notes, costs, carriers' accounts, addresses
// beyond the town; the driver by first name only. Statuses are the customer's five
// (customer-status.ts), each instant comes with the time zone of the site it happened at.
import { kysely } from "@/lib/db";
import { toDateOnly } from "@/lib/dates";
import type { MovementRequestStatus, Timeslot } from "@/lib/generated/prisma/enums";
import { resolveSiteTimeZone } from "@/lib/infrastructure/site-time-zone";
import {
  CUSTOMER_PROGRESS,
  CUSTOMER_STATUS_OF,
  type CustomerStatus,
} from "@/lib/movement-requests/customer-status";
import { currentLeg } from "@/lib/movement-requests/leg-transitions";
import { getTrackingMap, type TrackingMap } from "@/lib/movement-requests/tracking-map";
import { estimatedArrivalWindowOf } from "@/lib/movement-requests/eta/estimated-arrival-body";
import { TERMINAL_STATUSES } from "@/lib/schemas/movement-wire";

/** A link stays valid this long after the movement ended (delivered, stopped or cancelled). */
export const TRACKING_LINK_DAYS_AFTER_END = 30;

export type TrackingPlace = { town: string; timeZone: string };

export type TrackingDay = { date: string; timeslot: Timeslot | null };

export type TrackingStep = {
  status: CustomerStatus;
  /** When the movement reached this step (ISO instant), or null when not yet (or not recorded). */
  at: string | null;
  timeZone: string;
  state: "done" | "current" | "upcoming";
};

export type TrackingView = {
  organisation: { name: string; logoUrl: string | null; colour: string | null };
  status: CustomerStatus;
  vehicle: string | null;
  origin: TrackingPlace;
  destination: TrackingPlace;
  /** Collection and delivery: the actual day once it happened, else the estimate (null: not yet known). */
  collection: { actual: boolean; day: TrackingDay | null };
  delivery: { actual: boolean; day: TrackingDay | null };
  /** The estimated arrival window (ISO instants) while the movement is open (the API's estimatedArrival). */
  arrival: { earliest: string; latest: string } | null;
  driverFirstName: string | null;
  timeline: TrackingStep[];
  /** The destination, and the vehicle at about 1 km only while it is coming (lib/movement-requests/tracking-map.ts). */
  map: TrackingMap | null;
};

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
const DAY_MS = 86_400_000;

export async function getTrackingView(token: string, now = new Date()): Promise<TrackingView | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const request = await readTrackedRequest(token);
  if (!request || !request.organisation.trackingEnabled) return null;
  if (expired(request.status, request.statusChanges.at(-1)?.occurredAt ?? request.updatedAt, now))
    return null;

  const origin = place(request.originSite);
  const destination = place(request.destinationSite);
  const status = CUSTOMER_STATUS_OF[request.status];
  const collected = request.movements[0]?.originActualOn ?? null;
  const delivered = request.movements.at(-1)?.destinationActualOn ?? null;
  // The leg under way or next; its driver is the one the customer may meet.
  const leg = currentLeg(request.movements);
  const [stored, map] = await Promise.all([
    kysely()
      .selectFrom("MovementEta")
      .select(["earliest", "latest", "basis"])
      .where("movementRequestId", "=", request.id)
      .executeTakeFirst(),
    getTrackingMap(token),
  ]);
  // The worker's window; before its first look, the delivery date and slot's hours; none once finished.
  const arrival = estimatedArrivalWindowOf({ ...request, storedEstimatedArrival: stored ?? null });
  return {
    organisation: {
      name: request.organisation.name,
      logoUrl: request.organisation.brandLogoUrl,
      colour: request.organisation.brandColour,
    },
    status,
    vehicle: [request.make, request.model].filter(Boolean).join(" ") || null,
    origin,
    destination,
    collection: collected
      ? { actual: true, day: { date: toDateOnly(collected), timeslot: null } }
      : { actual: false, day: day(request.estimatedCollectionDate, request.estimatedCollectionTimeslot) },
    delivery: delivered
      ? { actual: true, day: { date: toDateOnly(delivered), timeslot: null } }
      : { actual: false, day: day(request.estimatedDeliveryDate, request.estimatedDeliveryTimeslot) },
    arrival: arrival && { earliest: arrival.earliest.toISOString(), latest: arrival.latest.toISOString() },
    driverFirstName: status === "CANCELLED" ? null : (leg?.driver?.firstname.trim().split(/\s+/)[0] ?? null),
    timeline: timeline(status, request.statusChanges, origin.timeZone, destination.timeZone),
    map,
  };
}

/** The request of a tracking token, with what the page shows of its organisation, sites, legs and audit trail. */
async function readTrackedRequest(token: string) {
  const kdb = kysely();
  const row = await kdb
    .selectFrom("MovementRequest as request")
    .innerJoin("Organisation as organisation", "organisation.id", "request.organisationId")
    .innerJoin("Site as origin", "origin.id", "request.originSiteId")
    .innerJoin("Site as destination", "destination.id", "request.destinationSiteId")
    .select([
      "request.id",
      "request.status",
      "request.make",
      "request.model",
      "request.updatedAt",
      "request.estimatedCollectionDate",
      "request.estimatedCollectionTimeslot",
      "request.estimatedDeliveryDate",
      "request.estimatedDeliveryTimeslot",
      "request.deliveryByDate",
      "request.deliveryByTimeslot",
      "request.deliveryByTime",
      "organisation.name as organisationName",
      "organisation.trackingEnabled",
      "organisation.brandLogoUrl",
      "organisation.brandColour",
      "origin.city as originCity",
      "origin.timezone as originTimezone",
      "origin.countryCode as originCountryCode",
      "destination.city as destinationCity",
      "destination.timezone as destinationTimezone",
      "destination.countryCode as destinationCountryCode",
    ])
    .where("request.trackingToken", "=", token)
    .executeTakeFirst();
  if (!row) return undefined;
  const [legs, statusChanges] = await Promise.all([
    kdb
      .selectFrom("Movement as leg")
      .leftJoin("Driver as driver", "driver.id", "leg.driverId")
      .select(["leg.status", "leg.originActualOn", "leg.destinationActualOn", "driver.firstname"])
      .where("leg.movementRequestId", "=", row.id)
      .orderBy("leg.legNumber")
      .execute(),
    kdb
      .selectFrom("MovementRequestStatusChange")
      .select(["toStatus", "occurredAt"])
      .where("movementRequestId", "=", row.id)
      .orderBy("occurredAt")
      .execute(),
  ]);
  return {
    ...row,
    organisation: {
      name: row.organisationName,
      trackingEnabled: row.trackingEnabled,
      brandLogoUrl: row.brandLogoUrl,
      brandColour: row.brandColour,
    },
    originSite: { city: row.originCity, timezone: row.originTimezone, countryCode: row.originCountryCode },
    destinationSite: {
      city: row.destinationCity,
      timezone: row.destinationTimezone,
      countryCode: row.destinationCountryCode,
    },
    movements: legs.map(({ firstname, ...leg }) => ({
      ...leg,
      driver: firstname === null ? null : { firstname },
    })),
    statusChanges,
  };
}

function expired(status: MovementRequestStatus, endedAt: Date, now: Date): boolean {
  if (!TERMINAL_STATUSES.includes(status)) return false;
  return now.getTime() - endedAt.getTime() > TRACKING_LINK_DAYS_AFTER_END * DAY_MS;
}

function place(site: { city: string; timezone: string | null; countryCode: string }): TrackingPlace {
  return { town: site.city, timeZone: resolveSiteTimeZone(site) ?? "UTC" };
}

function day(date: Date | null, timeslot: Timeslot | null): TrackingDay | null {
  return date ? { date: toDateOnly(date), timeslot } : null;
}

/** Booked → Driver assigned → On the way → Delivered; a cancelled movement ends where it stopped. */
function timeline(
  status: CustomerStatus,
  changes: { toStatus: MovementRequestStatus; occurredAt: Date }[],
  originZone: string,
  destinationZone: string,
): TrackingStep[] {
  const reachedAt = new Map<CustomerStatus, string>();
  for (const change of changes) {
    const step = CUSTOMER_STATUS_OF[change.toStatus];
    if (!reachedAt.has(step)) reachedAt.set(step, change.occurredAt.toISOString());
  }
  const zone = (step: CustomerStatus) => (step === "DELIVERED" ? destinationZone : originZone);
  if (status === "CANCELLED") {
    const reached = CUSTOMER_PROGRESS.filter((step) => reachedAt.has(step));
    return [...reached, "CANCELLED" as const].map((step) => ({
      status: step,
      at: reachedAt.get(step) ?? null,
      timeZone: zone(step),
      state: step === "CANCELLED" ? "current" : "done",
    }));
  }
  const current = CUSTOMER_PROGRESS.indexOf(status);
  // Delivered is the end: every step is done, none is still "current".
  const finished = current === CUSTOMER_PROGRESS.length - 1;
  return CUSTOMER_PROGRESS.map((step, index) => ({
    status: step,
    at: index <= current ? (reachedAt.get(step) ?? null) : null,
    timeZone: zone(step),
    state: index < current || finished ? "done" : index === current ? "current" : "upcoming",
  }));
}
