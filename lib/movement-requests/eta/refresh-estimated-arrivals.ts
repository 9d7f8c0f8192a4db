// The worker's ETA pass (issue 35 §3; docs/tracking.md): every open request's estimated arrival window
// (eta-window.ts), kept in MovementEta. Once a minute it looks at every open request; woken by new
// positions, only at the requests whose vehicle reported since. In the same transaction it
//   - summarises newly delivered legs' trips, which the lanes' road factor and speed are learned from;
//   - keeps the window the request had when it was collected, for the accuracy report;
//   - records how that window turned out for the requests delivered since, and deletes the windows of
//     the finished ones (record-eta-outcomes.ts);
//   - publishes `movement.eta_changed` (opt-in) when the window moved 30 minutes or more from the one
//     last published, bumping the request's version as the at-risk pass does;
//   - tells the customer of a vehicle on the road that it runs late, or is about to arrive.
// The requests are worked in chunks (lib/movement-requests/chunked-pass.ts), each a short transaction
// under a transaction-scoped advisory lock that passes running at once wait for and take in turns.
import { sql, transaction, type Kdb } from "@/lib/db";
import { buildEtaChangedEnvelope, ETA_CHANGED_WEBHOOK_EVENT } from "@/lib/events/eta-changed-envelope";
import { recordEvent } from "@/lib/events/record-event";
import { readCurrentLegForEnvelope } from "@/lib/movement-requests/record-movement-event";
import type { Selectable, DB } from "@/lib/db";
import { resolveSiteTimeZone } from "@/lib/infrastructure/site-time-zone";
import {
  readOpenRequestIds,
  readOpenRequests,
  usualDurationsFor,
  type OpenRequest,
} from "@/lib/movement-requests/at-risk/open-requests";
import { deadlineOf, readyAt } from "@/lib/movement-requests/at-risk/request-times";
import {
  ANNOUNCE_STEP_MS,
  estimateArrival,
  movedEnough,
  type EtaWindow,
} from "@/lib/movement-requests/eta/eta-window";
import { laneKinematics, summariseDeliveredTrips } from "@/lib/movement-requests/eta/lane-kinematics";
import { recordEtaOutcomes } from "@/lib/movement-requests/eta/record-eta-outcomes";
import { workInChunks } from "@/lib/movement-requests/chunked-pass";
import { greatCircleDistanceKm } from "@/lib/movement-requests/pricing";
import { enqueueCustomerMessage } from "@/lib/notifications/customer/enqueue-customer-message";

/** pg_try_advisory_xact_lock's key: "eta" as a number no other lock of ours uses. */
export const ETA_LOCK = 0x657461;

export type EtaPass = {
  evaluated: number;
  written: number;
  announced: number;
  trips: number;
  /** Requests finished since: their outcome recorded (when delivered), their window deleted. */
  outcomes: number;
  /** Customer messages written ("running late", "arriving"), one per channel. */
  messages: number;
};
type StoredEta = Selectable<DB["MovementEta"]>;
type LegPosition = {
  movementRequestId: string;
  latitude: number;
  longitude: number;
  recordedAt: Date;
  originSiteId: string;
  destinationSiteId: string;
  legDestinationLatitude: number;
  legDestinationLongitude: number;
};

/** Requests per chunk at most, and at least; what one chunk should take (lib/movement-requests/chunked-pass.ts). */
const ETA_CHUNK = 200;
const MIN_ETA_CHUNK = 20;
const ETA_CHUNK_BUDGET_MS = 50;

/**
 * `work` in a transaction under the passes' lock, waiting for it: the chunks of passes running at once
 * (the minute's and a 5-second one, or another instance's) take turns, each reading what the last wrote.
 */
function underLock<T>(work: (trx: Kdb) => Promise<T>): Promise<T> {
  return transaction(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${ETA_LOCK})`.execute(trx);
    return work(trx);
  });
}

/**
 * The bookkeeping and the list of requests to look at come first, in one transaction; then the
 * requests, in chunks of their own.
 */
export async function refreshEstimatedArrivals(
  now: Date = new Date(),
  options: { onlyNewPositions?: boolean; chunkSize?: number; signal?: AbortSignal } = {},
): Promise<EtaPass> {
  const started = await underLock(async (trx) => {
    // The finished requests' bookkeeping reads every stored window: once a minute, not every 5 s.
    const trips = options.onlyNewPositions ? 0 : await summariseDeliveredTrips(trx, now);
    const outcomes = options.onlyNewPositions ? 0 : await recordEtaOutcomes(trx);
    const ids = options.onlyNewPositions
      ? await requestsWithNewPositions(trx)
      : await readOpenRequestIds(trx);
    return { trips, outcomes, ids: ids.sort() };
  });
  const pass: EtaPass = {
    evaluated: 0,
    written: 0,
    announced: 0,
    trips: started.trips,
    outcomes: started.outcomes,
    messages: 0,
  };
  const { ids } = started;
  await workInChunks<number>({
    maxChunk: options.chunkSize ?? ETA_CHUNK,
    minChunk: Math.min(options.chunkSize ?? ETA_CHUNK, MIN_ETA_CHUNK),
    budgetMs: ETA_CHUNK_BUDGET_MS,
    signal: options.signal,
    chunk: (after, size) => {
      const from = after ?? 0;
      const chunkIds = ids.slice(from, from + size);
      if (chunkIds.length === 0) return Promise.resolve({ read: 0, last: null });
      return underLock(async (trx) => {
        await refreshChunk(trx, chunkIds, now, pass);
        return { read: chunkIds.length, last: from + chunkIds.length };
      });
    },
  });
  return pass;
}

/**
 * The windows of one chunk of requests (the ones still open: a request may have finished since). The
 * windows that moved are written together at the end, in one statement: a window that starts "now"
 * moves every minute, and one statement per window made the pass the worker's largest cost.
 */
async function refreshChunk(trx: Kdb, ids: string[], now: Date, pass: EtaPass): Promise<void> {
  const requests = await readOpenRequests(trx, ids);
  const [stored, positions] = await Promise.all([readStoredEtas(trx, ids), readLegPositions(trx, ids)]);
  pass.evaluated += requests.length;
  const moved: StoredEta[] = [];
  for (const request of requests) {
    const window = await windowOf(trx, request, positions.get(request.id) ?? null, now);
    if (!window) continue;
    const previous = stored.get(request.id) ?? null;
    // The newest position looked at, whatever the basis: a stale one is not looked at again.
    const positionRecordedAt = positions.get(request.id)?.recordedAt ?? null;
    const outcome = await keepWindow(trx, request, previous, window, { now, positionRecordedAt });
    if (outcome.row) moved.push(outcome.row);
    if (outcome.announced) pass.announced += 1;
    pass.messages += await tellTheCustomer(trx, request, previous, window, now);
  }
  await writeWindows(trx, moved);
  pass.written += moved.length;
}

async function windowOf(trx: Kdb, request: OpenRequest, leg: LegPosition | null, now: Date) {
  const originZone = resolveSiteTimeZone(request.origin);
  const destinationZone = resolveSiteTimeZone(request.destination);
  const kinematics =
    leg &&
    (await laneKinematics(
      trx,
      { ...request, originSiteId: leg.originSiteId, destinationSiteId: leg.destinationSiteId },
      now,
    ));
  return estimateArrival({
    now,
    journey: {
      status: request.status,
      readyAt: readyAt(request.readyToCollectFromDate, request.readyToCollectFromTimeslot, originZone),
      deadline: deadlineOf(
        request.deliveryByDate,
        request.deliveryByTimeslot,
        request.deliveryByTime,
        destinationZone,
      ),
      statusSince: request.statusSince ?? request.createdAt,
    },
    usual: await usualDurationsFor(trx, request, now),
    position:
      leg && kinematics
        ? {
            fix: leg,
            legDestination: { latitude: leg.legDestinationLatitude, longitude: leg.legDestinationLongitude },
            // A leg into an intermediate site (a prep centre): the rest of the way, site to site.
            onwardKm:
              greatCircleDistanceKm(
                { latitude: leg.legDestinationLatitude, longitude: leg.legDestinationLongitude },
                request.destination,
              ) * kinematics.roadFactor,
            kinematics,
          }
        : null,
    schedule: {
      date: request.estimatedDeliveryDate ?? request.deliveryByDate,
      slot: request.estimatedDeliveryTimeslot ?? request.deliveryByTimeslot,
      time: request.deliveryByTime,
      timeZone: destinationZone,
    },
  });
}

/**
 * The window's row when it moved (or is new), to be written with the chunk's others; published when it
 * moved far enough. The whole row is written: the chunk read it under the passes' lock, which it holds.
 */
async function keepWindow(
  trx: Kdb,
  request: OpenRequest,
  stored: StoredEta | null,
  window: EtaWindow,
  { now, positionRecordedAt }: { now: Date; positionRecordedAt: Date | null },
): Promise<{ row: StoredEta | null; announced: boolean }> {
  const announced =
    stored?.announcedEarliest && stored.announcedLatest
      ? { earliest: stored.announcedEarliest, latest: stored.announcedLatest }
      : null;
  const announce =
    movedEnough(announced, window) && (await publishEtaChanged(trx, request, window, announced!, now));
  // Collected since the last pass: what the window said until then is what collection promised.
  const collection =
    request.status === "IN_PROGRESS" && !stored?.collectionEarliest ? (stored ?? window) : null;
  const unchanged =
    stored !== null &&
    stored.basis === window.basis &&
    stored.earliest.getTime() === window.earliest.getTime() &&
    stored.latest.getTime() === window.latest.getTime() &&
    stored.positionRecordedAt?.getTime() === positionRecordedAt?.getTime() &&
    collection === null &&
    !announce;
  if (unchanged) return { row: null, announced: false };
  const published = announce || !announced ? window : announced;
  return {
    row: {
      movementRequestId: request.id,
      organisationId: request.organisationId,
      earliest: window.earliest,
      latest: window.latest,
      basis: window.basis,
      computedAt: now,
      positionRecordedAt,
      announcedEarliest: published.earliest,
      announcedLatest: published.latest,
      collectionEarliest: collection ? collection.earliest : (stored?.collectionEarliest ?? null),
      collectionLatest: collection ? collection.latest : (stored?.collectionLatest ?? null),
      collectionBasis: collection ? collection.basis : (stored?.collectionBasis ?? null),
    },
    announced: announce,
  };
}

async function writeWindows(trx: Kdb, rows: StoredEta[]): Promise<void> {
  if (rows.length === 0) return;
  await trx
    .insertInto("MovementEta")
    .values(rows)
    .onConflict((conflict) =>
      conflict.column("movementRequestId").doUpdateSet((eb) => ({
        earliest: eb.ref("excluded.earliest"),
        latest: eb.ref("excluded.latest"),
        basis: eb.ref("excluded.basis"),
        computedAt: eb.ref("excluded.computedAt"),
        positionRecordedAt: eb.ref("excluded.positionRecordedAt"),
        announcedEarliest: eb.ref("excluded.announcedEarliest"),
        announcedLatest: eb.ref("excluded.announcedLatest"),
        collectionEarliest: eb.ref("excluded.collectionEarliest"),
        collectionLatest: eb.ref("excluded.collectionLatest"),
        collectionBasis: eb.ref("excluded.collectionBasis"),
      })),
    )
    .execute();
}

/** A vehicle this near is "arriving in about 15 minutes". */
const ARRIVING_WITHIN_MS = 15 * 60_000;

/**
 * The customer of a vehicle on the road (told "on its way" at collection) hears when it runs late (its
 * window's end moved 30 minutes or more later than the last one they were told of, or past the
 * deadline) and when it is about to arrive, by its position. enqueueCustomerMessage writes each once
 * (the occasion tells the late ones apart) and honours the organisation's choices, quiet hours and
 * opt-outs.
 */
async function tellTheCustomer(
  trx: Kdb,
  request: OpenRequest,
  previous: StoredEta | null,
  window: EtaWindow,
  now: Date,
): Promise<number> {
  if (request.status !== "IN_PROGRESS") return 0;
  let written = 0;
  const told = previous?.announcedLatest ?? previous?.latest;
  const deadline = deadlineOf(
    request.deliveryByDate,
    request.deliveryByTimeslot,
    request.deliveryByTime,
    resolveSiteTimeZone(request.destination),
  );
  const later = told !== undefined && window.latest.getTime() - told.getTime() >= ANNOUNCE_STEP_MS;
  const pastDeadline =
    previous !== null && previous.latest <= deadline && window.latest.getTime() > deadline.getTime();
  if (later || pastDeadline) {
    written += await enqueueCustomerMessage(trx, {
      movementRequestId: request.id,
      kind: "RUNNING_LATE",
      eta: window,
      occasion: window.latest.toISOString(),
      now,
    });
  }
  if (window.basis === "POSITION" && window.earliest.getTime() - now.getTime() <= ARRIVING_WITHIN_MS) {
    written += await enqueueCustomerMessage(trx, {
      movementRequestId: request.id,
      kind: "ARRIVING",
      eta: window,
      now,
    });
  }
  return written;
}

/** The webhook, with the request's version bumped; false when the request changed meanwhile. */
async function publishEtaChanged(
  trx: Kdb,
  request: OpenRequest,
  window: EtaWindow,
  previous: { earliest: Date; latest: Date },
  now: Date,
): Promise<boolean> {
  const updated = await trx
    .updateTable("MovementRequest")
    .set((eb) => ({ version: eb("version", "+", 1) }))
    .where("id", "=", request.id)
    .where("version", "=", request.version)
    .returningAll()
    .executeTakeFirst();
  if (!updated) return false;
  const { eventId, envelope } = buildEtaChangedEnvelope({
    request: updated,
    leg: await readCurrentLegForEnvelope(trx, request.id),
    occurredAt: now,
    window,
    previous,
  });
  await recordEvent(trx, {
    id: eventId,
    organisationId: request.organisationId,
    profileId: request.profileId,
    type: ETA_CHANGED_WEBHOOK_EVENT,
    resourceType: "movement_request",
    resourceId: request.id,
    resourceVersion: updated.version,
    occurredAt: now,
    payload: {
      earliest: window.earliest.toISOString(),
      latest: window.latest.toISOString(),
      basis: window.basis,
      previousEarliest: previous.earliest.toISOString(),
      previousLatest: previous.latest.toISOString(),
    },
    envelope,
  });
  return true;
}

async function readStoredEtas(trx: Kdb, ids: string[]): Promise<Map<string, StoredEta>> {
  if (ids.length === 0) return new Map();
  const rows = await trx
    .selectFrom("MovementEta")
    .selectAll()
    .where("movementRequestId", "in", ids)
    .execute();
  return new Map(rows.map((row) => [row.movementRequestId, row]));
}

/** The last position of each request's leg on the road, with that leg's sites. */
async function readLegPositions(trx: Kdb, ids: string[]): Promise<Map<string, LegPosition>> {
  if (ids.length === 0) return new Map();
  const rows = await trx
    .selectFrom("MovementLastPosition as last")
    .innerJoin("Movement as leg", "leg.id", "last.movementId")
    .innerJoin("Site as d", "d.id", "leg.destinationSiteId")
    .select([
      "last.movementRequestId",
      "last.latitude",
      "last.longitude",
      "last.recordedAt",
      "leg.originSiteId",
      "leg.destinationSiteId",
      "d.latitude as legDestinationLatitude",
      "d.longitude as legDestinationLongitude",
    ])
    .where("last.movementRequestId", "in", ids)
    .where("leg.status", "=", "IN_PROGRESS")
    .execute();
  return new Map(rows.map((row) => [row.movementRequestId, row]));
}

/** The requests whose vehicle reported a position newer than the one their window was computed from. */
async function requestsWithNewPositions(trx: Kdb): Promise<string[]> {
  const rows = await trx
    .selectFrom("MovementLastPosition as last")
    .innerJoin("Movement as leg", "leg.id", "last.movementId")
    .leftJoin("MovementEta as eta", "eta.movementRequestId", "last.movementRequestId")
    .select("last.movementRequestId")
    .where("leg.status", "=", "IN_PROGRESS")
    .where((eb) =>
      eb.or([
        eb("eta.positionRecordedAt", "is", null),
        eb("eta.positionRecordedAt", "<", eb.ref("last.recordedAt")),
      ]),
    )
    .execute();
  return rows.map((row) => row.movementRequestId);
}
