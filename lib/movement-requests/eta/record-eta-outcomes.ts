// Once a request is finished, its window has done its job: a delivered one's outcome (how far the
// delivery was from the window it was given at collection, with the keys the accuracy report groups
// by) goes to EtaOutcome, and the window is deleted, so that MovementEta holds the open requests only.
// Run by the ETA pass in its transaction; two statements, however many finished since.
import { sql, type Kdb } from "@/lib/db";
import { TERMINAL_STATUSES } from "@/lib/schemas/movement-wire";

export async function recordEtaOutcomes(trx: Kdb): Promise<number> {
  const terminal = sql.join(TERMINAL_STATUSES.map((status) => sql.lit(status)));
  const { rows } = await sql<{ movementRequestId: string }>`
    INSERT INTO "EtaOutcome" ("movementRequestId", "organisationId", "deliveredAt", "businessArea",
                              "originSiteId", "destinationSiteId", "providerId", "driverId", "basis", "minutesOff")
    SELECT r.id, r."organisationId", r."completedOn", r."businessArea", r."originSiteId", r."destinationSiteId",
           leg."thirdPartyLogisticsProviderId", leg."driverId", e."collectionBasis",
           round(greatest(0,
             extract(epoch FROM e."collectionEarliest" - r."completedOn"),
             extract(epoch FROM r."completedOn" - e."collectionLatest")) / 60)::int
    FROM "MovementEta" e
    JOIN "MovementRequest" r ON r.id = e."movementRequestId"
    -- The leg that delivered it: the last.
    CROSS JOIN LATERAL (
      SELECT m."driverId", m."thirdPartyLogisticsProviderId" FROM "Movement" m
      WHERE m."movementRequestId" = r.id ORDER BY m."legNumber" DESC LIMIT 1
    ) leg
    WHERE r.status = 'DELIVERED' AND r."completedOn" IS NOT NULL
      AND e."collectionEarliest" IS NOT NULL AND e."collectionLatest" IS NOT NULL AND e."collectionBasis" IS NOT NULL
    ON CONFLICT ("movementRequestId") DO NOTHING
    RETURNING "movementRequestId"`.execute(trx);
  await sql`
    DELETE FROM "MovementEta" e USING "MovementRequest" r
    WHERE r.id = e."movementRequestId" AND r.status IN (${terminal})`.execute(trx);
  return rows.length;
}
