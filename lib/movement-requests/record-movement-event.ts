// A published movement event (collected, delivered, cancelled, aborted): the envelope is built from the
// leg as it is after the change and stored with the event, in the caller's transaction.
import { sql, type DB, type Kdb, type Updateable } from "@/lib/db";
import {
  buildMovementEnvelope,
  type LegForEnvelope,
  type SiteZone,
  type WebhookEventType,
} from "@/lib/events/movement-envelope";
import { recordEvent } from "@/lib/events/record-event";
import type { MovementRequest } from "@/lib/generated/prisma/client";
import { currentLeg } from "@/lib/movement-requests/leg-transitions";
import { findLegProof } from "@/lib/proofs/proof-views";
import { expiryFrom, WEBHOOK_LINK_TTL_SECONDS } from "@/lib/proofs/signed-photo-url";

/** What the envelope reads of a leg's sites and driver, joined as origin, destination and driver. */
const ENVELOPE_LEG_EXTRAS = [
  sql<SiteZone>`jsonb_build_object('timezone', origin."timezone", 'countryCode', origin."countryCode")`.as(
    "originSite",
  ),
  sql<SiteZone>`jsonb_build_object('timezone', destination."timezone", 'countryCode', destination."countryCode")`.as(
    "destinationSite",
  ),
  sql<LegForEnvelope["driver"]>`CASE WHEN driver."id" IS NULL THEN NULL
    ELSE jsonb_build_object('firstname', driver."firstname", 'surname', driver."surname") END`.as("driver"),
  // The marketplace carrier on the leg, with the price of its winning bid (the request's provider shape).
  sql<LegForEnvelope["marketplaceProvider"]>`(SELECT jsonb_build_object('type', 'MARKETPLACE', 'id', c."id",
      'name', c."name", 'agreedPrice', jsonb_build_object('centAmount', b."priceCents", 'currencyCode', b."currency"))
    FROM "MarketplaceCarrier" c
    JOIN "MarketplaceBid" b ON b."carrierId" = c."id" AND b."movementRequestId" = leg."movementRequestId"
      AND b."acceptedAt" IS NOT NULL
    WHERE c."id" = leg."marketplaceCarrierId")`.as("marketplaceProvider"),
];

/** The request's current leg (leg-transitions.ts, currentLeg) as the envelope reads it. */
export async function readCurrentLegForEnvelope(tx: Kdb, requestId: string): Promise<LegForEnvelope> {
  const legs = await tx
    .selectFrom("Movement as leg")
    .innerJoin("Site as origin", "origin.id", "leg.originSiteId")
    .innerJoin("Site as destination", "destination.id", "leg.destinationSiteId")
    .leftJoin("Driver as driver", "driver.id", "leg.driverId")
    .selectAll("leg")
    .select(ENVELOPE_LEG_EXTRAS)
    .where("leg.movementRequestId", "=", requestId)
    .orderBy("leg.legNumber")
    .execute();
  const leg = currentLeg(legs);
  // Every request has its first leg from creation (create-movement-request.ts).
  if (!leg) throw new Error(`Movement request ${requestId} has no leg`);
  return leg;
}

/** The events that carry the carrier's proof, and which proof. */
const PROOF_KIND = { "movement.collected": "COLLECTION", "movement.delivered": "DELIVERY" } as const;

/** Updates a leg and publishes its event. */
export async function updateLegAndPublish(
  tx: Kdb,
  request: MovementRequest,
  legId: string,
  eventType: WebhookEventType,
  options: { now: Date; data: Omit<Updateable<DB["Movement"]>, "version"> },
): Promise<void> {
  // The update and what the envelope needs of its sites and driver, in one statement. updatedAt is set
  // here, as Prisma's @updatedAt would.
  const leg: LegForEnvelope = await tx
    .with("leg", (kdb) =>
      kdb
        .updateTable("Movement")
        .set((eb) => ({ ...options.data, version: eb("version", "+", 1), updatedAt: options.now }))
        .where("id", "=", legId)
        .returningAll(),
    )
    .selectFrom("leg")
    .innerJoin("Site as origin", "origin.id", "leg.originSiteId")
    .innerJoin("Site as destination", "destination.id", "leg.destinationSiteId")
    .leftJoin("Driver as driver", "driver.id", "leg.driverId")
    .selectAll("leg")
    .select(ENVELOPE_LEG_EXTRAS)
    .executeTakeFirstOrThrow();
  const kind =
    eventType === "movement.collected" || eventType === "movement.delivered" ? PROOF_KIND[eventType] : null;
  const proof = kind
    ? await findLegProof(
        tx,
        request.id,
        leg.legNumber,
        kind,
        expiryFrom(options.now, WEBHOOK_LINK_TTL_SECONDS),
      )
    : null;
  const { eventId, envelope } = buildMovementEnvelope({
    eventType,
    request,
    leg,
    occurredAt: options.now,
    proof,
  });
  await recordEvent(tx, {
    id: eventId,
    organisationId: request.organisationId,
    profileId: request.profileId,
    type: eventType,
    resourceType: "movement",
    resourceId: leg.id,
    resourceVersion: leg.version,
    occurredAt: options.now,
    payload: { movementRequestId: request.id, legNumber: leg.legNumber, status: leg.status },
    envelope,
  });
}
