// Claims due deliveries for one worker. FOR UPDATE SKIP LOCKED lets any number of workers claim side by
// side without ever claiming the same delivery; the lease (lockedUntil) makes a dead worker's claims
// claimable again. A worker has at most `perEndpoint` deliveries of one endpoint in flight, so a slow or
// failing endpoint cannot fill its slots and delay the others.
import type { Db } from "@/lib/db";

export type ClaimedDelivery = {
  id: string;
  endpointId: string;
  eventId: string;
  attemptCount: number;
  // What the attempt needs, read with the claim: one round trip per batch instead of four per delivery.
  url: string;
  envelope: string | null;
  sequence: bigint;
  /** The endpoint's active signing secrets, encrypted, newest first. */
  secretCiphertexts: string[] | null;
};

export async function claimDueDeliveries(
  client: Db,
  options: {
    workerId: string;
    batchSize: number;
    perEndpoint: number;
    leaseMs: number;
    /** This worker's attempts in flight per endpoint: they count against the endpoint's share. */
    inFlightByEndpoint: ReadonlyMap<string, number>;
  },
): Promise<ClaimedDelivery[]> {
  return client.$queryRaw<ClaimedDelivery[]>`
    WITH open_endpoints AS (
      -- Each endpoint's share left in this worker; a full one is not looked at (a hanging endpoint's
      -- backlog grows, and ranking it would cost every claim).
      SELECT e.id, ${options.perEndpoint} - COALESCE(busy.count, 0) AS free
      FROM "WebhookEndpoint" e
      LEFT JOIN unnest(${[...options.inFlightByEndpoint.keys()]}::text[],
        ${[...options.inFlightByEndpoint.values()]}::int[]) AS busy(id, count) ON busy.id = e.id
      WHERE e.enabled AND ${options.perEndpoint} - COALESCE(busy.count, 0) > 0
    ),
    candidates AS (
      -- Per endpoint, only its oldest due deliveries that fit its share, through the index
      -- (endpointId, status, nextAttemptAt, id): the cost does not grow with an endpoint's backlog.
      SELECT due.id, due."nextAttemptAt" FROM open_endpoints e
      CROSS JOIN LATERAL (
        SELECT d.id, d."nextAttemptAt" FROM "WebhookDelivery" d
        WHERE d."endpointId" = e.id AND d.status = 'PENDING' AND d."nextAttemptAt" <= now()
          AND (d."lockedUntil" IS NULL OR d."lockedUntil" <= now())
        ORDER BY d."nextAttemptAt", d.id
        LIMIT e.free
      ) due
      ORDER BY due."nextAttemptAt", due.id
      LIMIT ${options.batchSize * 2}
    ),
    claimable AS (
      SELECT d.id FROM "WebhookDelivery" d
      WHERE d.id IN (SELECT id FROM candidates)
        AND d.status = 'PENDING'
        AND (d."lockedUntil" IS NULL OR d."lockedUntil" <= now())
      ORDER BY d."nextAttemptAt", d.id
      LIMIT ${options.batchSize}
      FOR UPDATE SKIP LOCKED
    )
    UPDATE "WebhookDelivery" d
    SET "lockedUntil" = now() + ${options.leaseMs} * interval '1 millisecond', "lockedBy" = ${options.workerId}
    FROM claimable, "WebhookEndpoint" e, "Event" ev
    WHERE d.id = claimable.id AND e.id = d."endpointId" AND ev.id = d."eventId"
    RETURNING d.id, d."endpointId", d."eventId", d."attemptCount", e.url, ev.envelope, ev.sequence,
      (SELECT array_agg(s.ciphertext ORDER BY s."createdAt" DESC, s.id DESC) FROM "WebhookSecret" s
        WHERE s."endpointId" = d."endpointId" AND (s."expiresAt" IS NULL OR s."expiresAt" > now())
      ) AS "secretCiphertexts"`;
}

/**
 * Gives back every claim a stopping worker still holds (graceful shutdown), whether its attempt was cut
 * or never started: another worker may take them at once.
 */
export async function releaseDeliveries(client: Db, workerId: string): Promise<void> {
  await client.webhookDelivery.updateMany({
    where: { lockedBy: workerId, status: "PENDING" },
    data: { lockedUntil: null, lockedBy: null },
  });
}
