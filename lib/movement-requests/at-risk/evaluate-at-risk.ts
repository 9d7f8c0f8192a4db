// The worker's at-risk pass (issue 17), once a minute, incremental (issue 36): the open requests due
// are measured against the rule (at-risk-rule.ts). A request is due when a writer changed what the rule
// reads (triggers, migration 20261129040000_at_risk_incremental), when its organisation's usual
// durations changed, or when time reaches the instant it could flip or its expected arrival move
// (nextCheckAt), stored with it. The result is the same as measuring every open request each time
// (evaluate-at-risk.int.test.ts compares them). A request entering or leaving "at risk" gets, in one
// transaction with the flag, an audit entry and an internal event, whose notification refreshes open
// boards. A backlog is worked in chunks, each a short transaction under a transaction-scoped advisory
// lock: one instance at a time, whatever the number of workers; a chunk that finds it held ends the
// pass. The flip is also published as the opt-in webhook movement.at_risk (lib/events/at-risk-envelope.ts).
// The dispatchers' hourly digest is written at the end of the pass (at-risk-digest.ts).
import { createHash } from "node:crypto";
import { setImmediate as yieldToOthers } from "node:timers/promises";
import { kysely, sql, transaction, type Kdb } from "@/lib/db";
import { AT_RISK_WEBHOOK_EVENT, buildAtRiskEnvelope } from "@/lib/events/at-risk-envelope";
import { recordEvent } from "@/lib/events/record-event";
import { readCurrentLegForEnvelope } from "@/lib/movement-requests/record-movement-event";
import { newId } from "@/lib/ids";
import { resolveSiteTimeZone } from "@/lib/infrastructure/site-time-zone";
import { expectedArrival, nextCheckAt } from "@/lib/movement-requests/at-risk/at-risk-rule";
import { sendAtRiskDigests } from "@/lib/movement-requests/at-risk/at-risk-digest";
import { deadlineOf, readyAt } from "@/lib/movement-requests/at-risk/request-times";
import {
  learnedDurationsOf,
  readDueRequests,
  usualDurationsFor,
  type DueCursor,
  type DueRequest,
  type OpenRequest,
} from "@/lib/movement-requests/at-risk/open-requests";
import { MovementRequestStatus } from "@/lib/generated/prisma/enums";
import { workInChunks, type ChunkRead } from "@/lib/movement-requests/chunked-pass";
import { TERMINAL_STATUSES } from "@/lib/schemas/movement-wire";

/** pg_try_advisory_xact_lock's key: "at-risk" as a number no other lock of ours uses. */
export const AT_RISK_LOCK = 0x617472_69736b;
/** An expected arrival that moved less than this is not written again. */
const ARRIVAL_WRITE_STEP_MS = 15 * 60_000;
/** Requests per chunk at most: one read, one batched write, and the flips (five statements each). */
export const AT_RISK_CHUNK = 250;
/** What one chunk should take: the next one is sized from the last one's time. */
const CHUNK_BUDGET_MS = 50;
/**
 * A chunk stops here whatever its size: flips cost a few statements each, so a chunk sized from
 * quiet ones could otherwise hold its transaction for a second.
 */
const CHUNK_LIMIT_MS = 2 * CHUNK_BUDGET_MS;
/** A chunk's fixed cost (its read, its lock) is worth this many requests at least. */
const MIN_CHUNK = 25;
/** Listed, so that "has open requests" is a probe of the (organisationId, status) index. */
const OPEN_STATUSES = Object.values(MovementRequestStatus).filter(
  (status) => !TERMINAL_STATUSES.includes(status),
);
/** The mark of a request due now (as the triggers write it). */
const DUE_NOW = new Date("1970-01-01T00:00:00Z");

export const AT_RISK_EVENT = "movement_request.at_risk";
export const BACK_ON_TRACK_EVENT = "movement_request.back_on_track";

export type AtRiskPass = {
  evaluated: number;
  nowAtRisk: number;
  backOnTrack: number;
  digests: number;
  chunks: number;
  /** The longest chunk's transaction, in milliseconds. */
  longestChunkMs: number;
};

/** `work` in a transaction under the pass's lock; null when another instance holds it. */
function underLock<T>(work: (trx: Kdb) => Promise<T>): Promise<T | null> {
  return transaction(async (trx) => {
    const { rows } = await sql<{
      locked: boolean;
    }>`SELECT pg_try_advisory_xact_lock(${AT_RISK_LOCK}) AS locked`.execute(trx);
    return rows[0]?.locked ? work(trx) : null;
  });
}

/** Null when another instance holds the lock (it is doing this pass). */
export async function evaluateAtRisk(
  now: Date = new Date(),
  { chunkSize = AT_RISK_CHUNK, signal }: { chunkSize?: number; signal?: AbortSignal } = {},
): Promise<AtRiskPass | null> {
  // Delivered, cancelled or aborted since the last pass: no longer at risk (the partial index holds
  // only the flagged requests).
  const started = await underLock((trx) =>
    trx
      .updateTable("MovementRequest")
      .set({ atRiskSince: null, expectedArrivalAt: null })
      .where("atRiskSince", "is not", null)
      .where("status", "in", [...TERMINAL_STATUSES])
      .execute(),
  );
  if (started === null) return null;
  await markRelearnedOrganisations(now, chunkSize);
  const pass: AtRiskPass = {
    evaluated: 0,
    nowAtRisk: 0,
    backOnTrack: 0,
    digests: 0,
    chunks: 0,
    longestChunkMs: 0,
  };
  const chunks = await workInChunks<DueCursor>({
    maxChunk: chunkSize,
    minChunk: MIN_CHUNK,
    budgetMs: CHUNK_BUDGET_MS,
    chunk: (after, size) => underLock((trx) => evaluateChunk(trx, now, after, size, pass)),
    signal,
  });
  pass.chunks = chunks.chunks;
  pass.longestChunkMs = chunks.longestChunkMs;
  if (chunks.interrupted || signal?.aborted) return pass; // another instance carries on, or a stop
  pass.digests =
    (await underLock((trx) => sendAtRiskDigests(trx, now, [AT_RISK_EVENT, BACK_ON_TRACK_EVENT]))) ?? 0;
  return pass;
}

/**
 * The organisations whose learned durations differ from those their open requests were measured with
 * (relearned at most hourly): every open request of theirs is due, marked in chunks.
 */
async function markRelearnedOrganisations(now: Date, chunkSize: number): Promise<void> {
  const kdb = kysely();
  const organisations = await kdb
    .selectFrom("Organisation as o")
    .leftJoin("AtRiskLearnedDurations as l", "l.organisationId", "o.id")
    .select(["o.id", "l.fingerprint"])
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("MovementRequest as r")
          .select(sql`1`.as("one"))
          .whereRef("r.organisationId", "=", "o.id")
          .where("r.status", "in", OPEN_STATUSES),
      ),
    )
    .execute();
  for (const organisation of organisations) {
    const learned = await learnedDurationsOf(kdb, organisation.id, now);
    const fingerprint = createHash("sha256")
      .update(JSON.stringify([[...learned.byLane].sort(), [...learned.byMethod].sort()]))
      .digest("base64url");
    if (fingerprint === organisation.fingerprint) continue;
    for (;;) {
      const marked = await underLock((trx) =>
        trx
          .updateTable("MovementRequest")
          .set({ atRiskCheckAt: DUE_NOW })
          .where("id", "in", (eb) =>
            eb
              .selectFrom("MovementRequest")
              .select("id")
              .where("organisationId", "=", organisation.id)
              .where("status", "not in", [...TERMINAL_STATUSES])
              .where((inner) =>
                inner.or([inner("atRiskCheckAt", "is", null), inner("atRiskCheckAt", "<>", DUE_NOW)]),
              )
              .limit(chunkSize * 4),
          )
          .executeTakeFirst(),
      );
      if (marked === null) return;
      if (Number(marked.numUpdatedRows) === 0) break;
      await yieldToOthers();
    }
    await kdb
      .insertInto("AtRiskLearnedDurations")
      .values({ organisationId: organisation.id, fingerprint })
      .onConflict((conflict) => conflict.column("organisationId").doUpdateSet({ fingerprint }))
      .execute();
  }
}

/** Measures the next chunk of due requests. */
async function evaluateChunk(
  trx: Kdb,
  now: Date,
  after: DueCursor | null,
  limit: number,
  pass: AtRiskPass,
): Promise<ChunkRead<DueCursor>> {
  const stopAt = performance.now() + CHUNK_LIMIT_MS;
  const requests = await readDueRequests(trx, { now, after, limit });
  /** The requests whose flag stays: their next check, and their expected arrival when it moved. */
  const rescheduled: { request: DueRequest; checkAt: Date | null; arrival: Date | null }[] = [];
  let worked = 0;
  for (const request of requests) {
    // The rest of the chunk's rows are left for the next chunk (their locks go at commit).
    if (worked > 0 && performance.now() > stopAt) break;
    worked += 1;
    const { durations: usual } = await usualDurationsFor(trx, request, now);
    const originZone = resolveSiteTimeZone(request.origin);
    const destinationZone = resolveSiteTimeZone(request.destination);
    const deadline = deadlineOf(
      request.deliveryByDate,
      request.deliveryByTimeslot,
      request.deliveryByTime,
      destinationZone,
    );
    const input = {
      status: request.status,
      readyAt: readyAt(request.readyToCollectFromDate, request.readyToCollectFromTimeslot, originZone),
      deadline,
      statusSince: request.statusSince ?? request.createdAt,
      usual,
      now,
    };
    // Past its deadline it is late, which the board says already: its flag is left as it was, so
    // that it neither enters "at risk" now nor is announced back on track.
    const arrival = now.getTime() > deadline.getTime() ? null : expectedArrival(input);
    if (!arrival) {
      rescheduled.push({ request, checkAt: null, arrival: null });
      continue;
    }
    const atRisk = arrival.getTime() > deadline.getTime();
    const flipped = atRisk !== (request.atRiskSince !== null);
    const arrivalMoved =
      request.expectedArrivalAt === null ||
      Math.abs(request.expectedArrivalAt.getTime() - arrival.getTime()) >= ARRIVAL_WRITE_STEP_MS;
    const storedArrival =
      !flipped && !arrivalMoved && request.expectedArrivalAt ? request.expectedArrivalAt : arrival;
    const checkAt = nextCheckAt(input, { storedArrival, arrivalStep: ARRIVAL_WRITE_STEP_MS });
    if (flipped) {
      const written = await recordFlip(trx, request, { atRisk, arrival, deadline, now, checkAt });
      if (written) pass[atRisk ? "nowAtRisk" : "backOnTrack"] += 1;
    } else {
      rescheduled.push({ request, checkAt, arrival: arrivalMoved ? arrival : null });
    }
  }
  await reschedule(trx, rescheduled);
  pass.evaluated += worked;
  const last = requests[worked - 1];
  return {
    read: worked,
    last: last ? { checkAt: last.atRiskCheckAt, id: last.id } : null,
    cutShort: worked < requests.length,
  };
}

/** One statement for the chunk's requests that did not flip: the next check, and the arrival if moved. */
async function reschedule(
  trx: Kdb,
  rows: { request: DueRequest; checkAt: Date | null; arrival: Date | null }[],
): Promise<void> {
  if (rows.length === 0) return;
  const values = rows.map(
    ({ request, checkAt, arrival }) =>
      sql`(${request.id}, ${checkAt?.toISOString() ?? null}::timestamp(3),
        ${arrival?.toISOString() ?? null}::timestamp(3))`,
  );
  // The rows are locked since they were read: no writer came in between.
  await sql`UPDATE "MovementRequest" r
      SET "atRiskCheckAt" = v."checkAt", "expectedArrivalAt" = COALESCE(v."arrival", r."expectedArrivalAt")
     FROM (VALUES ${sql.join(values)}) AS v("id", "checkAt", "arrival")
    WHERE r."id" = v."id"`.execute(trx);
}

async function recordFlip(
  trx: Kdb,
  request: OpenRequest,
  {
    atRisk,
    arrival,
    deadline,
    now,
    checkAt,
  }: { atRisk: boolean; arrival: Date; deadline: Date; now: Date; checkAt: Date | null },
): Promise<boolean> {
  // Only if the request has not changed since it was read: a transition in between is measured next time.
  const updated = await trx
    .updateTable("MovementRequest")
    .set((eb) => ({
      atRiskSince: atRisk ? now : null,
      expectedArrivalAt: arrival,
      atRiskCheckAt: checkAt,
      version: eb("version", "+", 1),
    }))
    .where("id", "=", request.id)
    .where("version", "=", request.version)
    .returningAll()
    .executeTakeFirst();
  if (!updated) return false;
  const reason = atRisk
    ? `At risk: expected ${arrival.toISOString()}, due ${deadline.toISOString()}`
    : `Back on track: expected ${arrival.toISOString()}, due ${deadline.toISOString()}`;
  await trx
    .insertInto("MovementRequestStatusChange")
    .values({
      id: newId(),
      organisationId: request.organisationId,
      movementRequestId: request.id,
      fromStatus: request.status,
      toStatus: request.status,
      actor: "system",
      reason,
      occurredAt: now,
    })
    .execute();
  await recordEvent(trx, {
    organisationId: request.organisationId,
    profileId: request.profileId,
    type: atRisk ? AT_RISK_EVENT : BACK_ON_TRACK_EVENT,
    resourceType: "movement_request",
    resourceId: request.id,
    resourceVersion: updated.version,
    occurredAt: now,
    payload: {
      actor: "system",
      status: request.status,
      expectedArrival: arrival.toISOString(),
      deadline: deadline.toISOString(),
    },
  });
  // The webhook (an opt-in extension type): its own event, since the internal one is not published.
  const { eventId, envelope } = buildAtRiskEnvelope({
    request: updated,
    leg: await readCurrentLegForEnvelope(trx, request.id),
    occurredAt: now,
    atRisk,
    expectedArrival: arrival,
    deadline,
  });
  await recordEvent(trx, {
    id: eventId,
    organisationId: request.organisationId,
    profileId: request.profileId,
    type: AT_RISK_WEBHOOK_EVENT,
    resourceType: "movement_request",
    resourceId: request.id,
    resourceVersion: updated.version,
    occurredAt: now,
    payload: { atRisk, status: request.status },
    envelope,
  });
  return true;
}
