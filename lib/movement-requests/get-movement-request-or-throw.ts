// Loads a movement request of the caller's profile with everything its response needs. Another
// profile's request is "not found", exactly like one that does not exist.
import type { ApiCaller } from "@/lib/auth/api-caller";
import { AppError } from "@/lib/errors/app-error";
import { sql, type Kdb } from "@/lib/db";
import type { MovementRequest, Organisation, Site } from "@/lib/generated/prisma/client";
import type { EtaBasis } from "@/lib/generated/prisma/enums";
import {
  legFromJson,
  type MovementLeg,
  type MovementLegJson,
} from "@/lib/movement-requests/movement-leg-json";

/** The marketplace carrier whose bid won the request, and the agreed price (lib/marketplace). */
export type MarketplaceAward = {
  carrierId: string;
  carrierName: string;
  priceCents: number;
  currency: string;
};

/** The worker's estimated arrival window (lib/movement-requests/eta/), as stored. */
export type StoredEstimatedArrival = { earliest: Date; latest: Date; basis: EtaBasis };

/** What findFirst would return with the organisation's trackingEnabled and the legs (by legNumber). */
export type MovementRequestWithLegs = MovementRequest & {
  organisation: Pick<Organisation, "trackingEnabled">;
  movements: MovementLeg[];
  /** Where the destination's local time is, for the estimated arrival. */
  destinationSite: Pick<Site, "countryCode" | "timezone">;
  /** Null until the worker's ETA pass has seen the request. */
  storedEstimatedArrival: StoredEstimatedArrival | null;
  /** Absent unless a marketplace bid won it. */
  marketplaceAward?: MarketplaceAward;
};

export type MovementRequestScope = Pick<ApiCaller, "organisationId"> & { profileId?: string };

export async function getMovementRequestOrThrow(
  kdb: Kdb,
  scope: MovementRequestScope,
  requestId: string,
  options: { forUpdate?: boolean } = {},
): Promise<MovementRequestWithLegs> {
  const { profileId } = scope;
  if (options.forUpdate) {
    // Serialises concurrent changes of one request (transitions, edits) for the rest of the transaction.
    // A statement of its own, so that the read below sees the legs as the lock holder left them.
    await kdb.selectFrom("MovementRequest").select("id").where("id", "=", requestId).forUpdate().execute();
  }
  // One query for the request and what its body reads of its organisation, destination and ETA.
  const row = await kdb
    .selectFrom("MovementRequest as r")
    .innerJoin("Organisation as o", "o.id", "r.organisationId")
    .innerJoin("Site as destination", "destination.id", "r.destinationSiteId")
    .leftJoin("MovementEta as eta", "eta.movementRequestId", "r.id")
    .selectAll("r")
    .select([
      "o.trackingEnabled",
      "destination.countryCode as destinationCountryCode",
      "destination.timezone as destinationTimezone",
      "eta.earliest as etaEarliest",
      "eta.latest as etaLatest",
      "eta.basis as etaBasis",
    ])
    .select(
      sql<MovementLegJson[]>`COALESCE((
        SELECT jsonb_agg(
                 to_jsonb(m) || jsonb_build_object('driver', to_jsonb(d), 'provider', to_jsonb(p))
                 ORDER BY m."legNumber")
        FROM "Movement" m
        LEFT JOIN "Driver" d ON d."id" = m."driverId"
        LEFT JOIN "ThirdPartyLogisticsProvider" p ON p."id" = m."thirdPartyLogisticsProviderId"
        WHERE m."movementRequestId" = r."id"
      ), '[]'::jsonb)`.as("legs"),
    )
    .select(
      sql<MarketplaceAward | null>`(
        SELECT jsonb_build_object('carrierId', c."id", 'carrierName', c."name",
                                  'priceCents', b."priceCents", 'currency', b."currency")
        FROM "MarketplaceBid" b JOIN "MarketplaceCarrier" c ON c."id" = b."carrierId"
        WHERE b."movementRequestId" = r."id" AND b."acceptedAt" IS NOT NULL
      )`.as("marketplaceAward"),
    )
    .where("r.id", "=", requestId)
    .where("r.organisationId", "=", scope.organisationId)
    .$if(profileId !== undefined, (query) => query.where("r.profileId", "=", profileId as string))
    .executeTakeFirst();
  if (!row) {
    throw new AppError("VEHICLE_MOVEMENT_REQUEST_NOT_FOUND", `No movement request ${requestId} was found.`);
  }
  const {
    trackingEnabled,
    legs,
    marketplaceAward,
    destinationCountryCode,
    destinationTimezone,
    etaEarliest,
    etaLatest,
    etaBasis,
    ...request
  } = row;
  return {
    ...request,
    organisation: { trackingEnabled },
    destinationSite: { countryCode: destinationCountryCode, timezone: destinationTimezone },
    storedEstimatedArrival:
      etaEarliest && etaLatest && etaBasis
        ? { earliest: etaEarliest, latest: etaLatest, basis: etaBasis }
        : null,
    movements: legs.map(legFromJson),
    // Only when there is one: the rest of the shape stays what findFirst with the include returns.
    ...(marketplaceAward ? { marketplaceAward } : {}),
  };
}
