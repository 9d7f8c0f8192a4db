// What the operations use cases share about legs: whether the request's status allows an action at
// all, which leg an action is about, who carries a leg, and the actual dates reported for a leg.
import { fromDateOnly, toDateOnly } from "@/lib/dates";
import type { DB, Kdb, Updateable } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import type { Movement } from "@/lib/generated/prisma/client";
import type { ActorScope } from "@/lib/movement-requests/actor-scope";
import { carrierHoldsLeg } from "@/lib/movement-requests/acting-carrier";
import { resolveSiteTimeZone } from "@/lib/infrastructure/site-time-zone";
import { LEG_TRANSITIONS } from "@/lib/movement-requests/leg-transitions";
import { localDateAndOffset } from "@/lib/dates";
import { readyNowDefaults } from "@/lib/movement-requests/timeslots";
import {
  assertTransition,
  canTransition,
  type MovementRequestAction,
  type MovementRequestStatus,
} from "@/lib/movement-requests/transitions";

/** The latest calendar date anywhere on Earth (UTC+14): "today" at a site whose zone is unknown. */
const EARLIEST_ZONE = "Etc/GMT-14";

/**
 * A driver, a 3PL or the marketplace carrier that won the request is on the leg (an offered driver
 * counts, as the request's provider shows it).
 */
export function hasCarrier(
  leg: Pick<Movement, "driverId" | "thirdPartyLogisticsProviderId" | "marketplaceCarrierId">,
): boolean {
  return (
    leg.driverId !== null || leg.thirdPartyLogisticsProviderId !== null || leg.marketplaceCarrierId !== null
  );
}

/**
 * 409 MOVEMENT_REQUEST_CHANGED when the caller acts on what it saw of an earlier version (a plan of the
 * pool being accepted: lib/planning/accept-pool-plan.ts); checked under the request's lock.
 */
export function assertUnchangedSince(
  request: { id: string; version: number },
  expectedVersion: number | undefined,
): void {
  if (expectedVersion !== undefined && request.version !== expectedVersion) {
    throw new AppError(
      "MOVEMENT_REQUEST_CHANGED",
      `Movement request ${request.id} is at version ${request.version}, not ${expectedVersion}, since it was planned.`,
    );
  }
}

/** 409 INVALID_STATUS_TRANSITION unless the table allows `action` from `status` at all. */
export function assertActionAllowed(action: MovementRequestAction, status: MovementRequestStatus): void {
  // With no target at all, assertTransition throws the table's own 409 for any target.
  if (!canTransition(action, status)) assertTransition(action, status, status);
}

/**
 * Puts a carrier (or none) on the request's legs still open to one (the leg table's "assign"); each
 * gets a new version. updatedAt is set here, as Prisma's @updatedAt would.
 */
export async function updateAssignableLegs(
  tx: Kdb,
  requestId: string,
  now: Date,
  carrier: Pick<
    Updateable<DB["Movement"]>,
    "driverId" | "thirdPartyLogisticsProviderId" | "marketplaceCarrierId" | "acceptedAt"
  >,
): Promise<void> {
  await tx
    .updateTable("Movement")
    .set((eb) => ({ ...carrier, version: eb("version", "+", 1), updatedAt: now }))
    .where("movementRequestId", "=", requestId)
    .where("status", "in", LEG_TRANSITIONS.assign.from)
    .execute();
}

/**
 * A carrier acting through its job link acts only on legs it carries: checked here, under the
 * request's lock, so that a leg re-planned a moment before is not recorded by its former carrier.
 */
export function assertCarrierHolds(
  scope: ActorScope,
  legs: Pick<Movement, "driverId" | "thirdPartyLogisticsProviderId" | "marketplaceCarrierId">[],
): void {
  const carrier = scope.carrier;
  if (!carrier) return;
  const holds = legs.some((leg) => carrierHoldsLeg(carrier, leg));
  if (!holds) throw legConflict("This job is no longer yours: its leg went to another carrier.");
}

/** A leg's state refuses the action: a conflict with the request's state, like a refused transition. */
export function legConflict(message: string): AppError {
  return new AppError("INVALID_STATUS_TRANSITION", message);
}

export function legOrThrow<L extends Pick<Movement, "legNumber">>(legs: L[], legNumber: number): L {
  const leg = legs.find((candidate) => candidate.legNumber === legNumber);
  if (!leg) {
    throw new AppError("VALIDATION_ERROR", `This movement request has no leg ${legNumber}.`, {
      errors: [{ path: "legNumber", message: `The request has ${legs.length} leg(s)` }],
    });
  }
  return leg;
}

/**
 * The actual date of a collection or delivery: as given, else today at the site (the UTC date when its
 * zone is unknown). A date in the future at the site is refused, and so is one before `notBefore`.
 */
export async function actualDateOrThrow(
  tx: Kdb,
  siteId: string,
  on: string | undefined,
  now: Date,
  notBefore?: { date: Date | null; what: string },
): Promise<Date> {
  const site = await tx.selectFrom("Site").selectAll().where("id", "=", siteId).executeTakeFirstOrThrow();
  if (on === undefined) return fromDateOnly(readyNowDefaults(site, now).date);
  const latest = resolveSiteTimeZone(site)
    ? readyNowDefaults(site, now).date
    : localDateAndOffset(now, EARLIEST_ZONE).date;
  if (on > latest) {
    throw invalidDate(`${on} is in the future at ${site.name}.`, "Must not be in the future");
  }
  if (notBefore?.date && on < toDateOnly(notBefore.date)) {
    const earliest = toDateOnly(notBefore.date);
    throw invalidDate(`${on} is before ${notBefore.what} on ${earliest}.`, `Must be ${earliest} or later`);
  }
  return fromDateOnly(on);
}

function invalidDate(message: string, fieldMessage: string): AppError {
  return new AppError("VALIDATION_ERROR", `The request body is invalid. on: ${message}`, {
    errors: [{ path: "on", message: fieldMessage }],
  });
}
