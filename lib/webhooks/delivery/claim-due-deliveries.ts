// Claims due deliveries for one worker. FOR UPDATE SKIP LOCKED lets any number of workers claim side by
// side without ever claiming the same delivery; the lease (lockedUntil) makes a dead worker's claims
// claimable again. A worker has at most `perEndpoint` deliveries of one endpoint in flight, so a slow or
// failing endpoint cannot fill its slots and delay the others.
import { sql, type Kdb } from "@/lib/db";

export type ClaimedDelivery = {
  id: string;
  organisationId: string;
  endpointId: string;
  eventId: string;
  attemptCount: number;
  // What the attempt needs, read with the claim: one round trip per batch instead of four per delivery.
  url: string;
  envelope: string | null;
  /** The event's int8 sequence, as text (what pg reads an int8 as). */
  sequence: string;
  /** The endpoint's active signing secrets, encrypted, newest first. */
  secretCiphertexts: string[] | null;
  /** The span that wrote the event, if tracing was on (the attempt's span links to it). */
  traceparent: string | null;
};

export async function claimDueDeliveries(
  kdb: Kdb,
  options: {
    workerId: string;
    batchSize: number;
    perEndpoint: number;
    leaseMs: number;
    /** This worker's attempts in flight per endpoint: they count against the endpoint's share. */
    inFlightByEndpoint: ReadonlyMap<string, number>;
  },
): Promise<ClaimedDelivery[]> {
  // This worker's attempts in flight per endpoint, as rows (unnest of two arrays has no builder).
  const busy = sql<{ id: string; count: number }>`unnest(
    ${[...options.inFlightByEndpoint.keys()]}::text[], ${[...options.inFlightByEndpoint.values()]}::int[]
  )`.as<"busy">(sql`busy(id, count)`);
  return (
    kdb
      // Each endpoint's share left in this worker; a full one is not looked at (a hanging endpoint's
      // backlog grows, and ranking it would cost every claim).
      .with("open_endpoints", (db) =>
        db
          .selectFrom("WebhookEndpoint as e")
          .leftJoin(busy, (join) => join.onRef("busy.id", "=", "e.id"))
          .select((eb) => [
            "e.id",
            eb(eb.val(options.perEndpoint), "-", eb.fn.coalesce("busy.count", eb.lit(0))).as("free"),
          ])
          .where((eb) => eb.ref("e.enabled"))
          .where((eb) =>
            eb(eb(eb.val(options.perEndpoint), "-", eb.fn.coalesce("busy.count", eb.lit(0))), ">", 0),
          ),
      )
      // Per endpoint, only its oldest due deliveries that fit its share, through the index
      // (endpointId, status, nextAttemptAt, id): the cost does not grow with an endpoint's backlog.
      .with("candidates", (db) =>
        db
          .selectFrom("open_endpoints as e")
          .crossJoinLateral((eb) =>
            eb
              .selectFrom("WebhookDelivery as d")
              .select(["d.id", "d.nextAttemptAt"])
              .whereRef("d.endpointId", "=", "e.id")
              .where("d.status", "=", "PENDING")
              .where("d.nextAttemptAt", "<=", eb.fn<Date>("now"))
              .where((eb) =>
                eb.or([eb("d.lockedUntil", "is", null), eb("d.lockedUntil", "<=", eb.fn<Date>("now"))]),
              )
              .orderBy("d.nextAttemptAt")
              .orderBy("d.id")
              .limit((eb) => eb.ref("e.free"))
              .as("due"),
          )
          .select(["due.id", "due.nextAttemptAt"])
          .orderBy("due.nextAttemptAt")
          .orderBy("due.id")
          .limit(options.batchSize * 2),
      )
      .with("claimable", (db) =>
        db
          .selectFrom("WebhookDelivery as d")
          .select("d.id")
          .where("d.id", "in", db.selectFrom("candidates").select("id"))
          .where("d.status", "=", "PENDING")
          .where((eb) =>
            eb.or([eb("d.lockedUntil", "is", null), eb("d.lockedUntil", "<=", eb.fn<Date>("now"))]),
          )
          .orderBy("d.nextAttemptAt")
          .orderBy("d.id")
          .limit(options.batchSize)
          .forUpdate()
          .skipLocked(),
      )
      .updateTable("WebhookDelivery as d")
      .from(["claimable", "WebhookEndpoint as e", "Event as ev"])
      .set({
        // Interval arithmetic has no builder in Kysely.
        lockedUntil: sql<Date>`now() + ${options.leaseMs}::int * interval '1 millisecond'`,
        lockedBy: options.workerId,
      })
      .whereRef("d.id", "=", "claimable.id")
      .whereRef("e.id", "=", "d.endpointId")
      .whereRef("ev.id", "=", "d.eventId")
      .returning((eb) => [
        "d.id",
        "d.organisationId",
        "d.endpointId",
        "d.eventId",
        "d.attemptCount",
        "e.url",
        "ev.envelope",
        "ev.sequence",
        "ev.traceparent",
        eb
          .selectFrom("WebhookSecret as s")
          .select((eb) =>
            eb.fn
              .agg<string[]>("array_agg", ["s.ciphertext"])
              .orderBy("s.createdAt", "desc")
              .orderBy("s.id", "desc")
              .as("ciphertexts"),
          )
          .whereRef("s.endpointId", "=", "d.endpointId")
          .where((eb) => eb.or([eb("s.expiresAt", "is", null), eb("s.expiresAt", ">", eb.fn<Date>("now"))]))
          .as("secretCiphertexts"),
      ])
      .execute()
  );
}

/**
 * Gives back every claim a stopping worker still holds (graceful shutdown), whether its attempt was cut
 * or never started: another worker may take them at once.
 */
export async function releaseDeliveries(kdb: Kdb, workerId: string): Promise<void> {
  await kdb
    .updateTable("WebhookDelivery")
    .set({ lockedUntil: null, lockedBy: null })
    .where("lockedBy", "=", workerId)
    .where("status", "=", "PENDING")
    .execute();
}
