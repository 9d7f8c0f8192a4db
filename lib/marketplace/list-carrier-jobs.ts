// The carrier's jobs page: what its organisation posted to it (on the marketplace, a method and an
// area it serves) and what it has won, each with the carrier's own offer. Never another carrier's
// offer, never another organisation's request: the query is scoped to both before anything is read.
import { toDateOnly } from "@/lib/dates";
import { kysely, sql } from "@/lib/db";
import type { MarketplaceCarrierScope } from "@/lib/marketplace/find-carrier";
import { isExpired } from "@/lib/marketplace/award";
import { carrierMatches } from "@/lib/marketplace/matching";
import { money, type Money } from "@/lib/movement-requests/money";
import type { DeliveryDeadline } from "@/lib/movement-requests/tracking-times";
import type { MovementRequestStatus, Timeslot, TransportMethod } from "@/lib/generated/prisma/enums";

const MAX_JOBS = 200;

export type CarrierJobSite = { name: string; city: string; postcode: string };

export type CarrierJob = {
  id: string;
  vehicle: string;
  vrm: string | null;
  status: MovementRequestStatus;
  transportMethod: TransportMethod;
  origin: CarrierJobSite;
  destination: CarrierJobSite;
  readyFrom: { date: string; slot: Timeslot };
  deliverBy: DeliveryDeadline;
  estimate: Money | null;
  /** This carrier's own claim or bid, if it made one. */
  myOffer: {
    kind: "CLAIM" | "BID";
    price: Money;
    expiresAt: string | null;
    expired: boolean;
    won: boolean;
  } | null;
};

export async function listCarrierJobs(
  carrier: MarketplaceCarrierScope,
  now = new Date(),
): Promise<CarrierJob[]> {
  const rows = await kysely()
    .selectFrom("MovementRequest as r")
    .innerJoin("Site as o", "o.id", "r.originSiteId")
    .innerJoin("Site as d", "d.id", "r.destinationSiteId")
    .leftJoin("MarketplaceBid as b", (join) =>
      join.onRef("b.movementRequestId", "=", "r.id").on("b.carrierId", "=", carrier.carrierId),
    )
    .select([
      "r.id",
      "r.make",
      "r.model",
      "r.vrm",
      "r.status",
      "r.transportMethod",
      "r.readyToCollectFromDate",
      "r.readyToCollectFromTimeslot",
      "r.deliveryByDate",
      "r.deliveryByTimeslot",
      "r.deliveryByTime",
      "r.deliverOnSpecifiedDate",
      "r.estimatedCostCents",
      "r.estimatedCostCurrency",
      "o.name as originName",
      "o.city as originCity",
      "o.postcode as originPostcode",
      "o.countryCode as originCountry",
      "d.name as destinationName",
      "d.city as destinationCity",
      "d.postcode as destinationPostcode",
      "d.countryCode as destinationCountry",
      "b.kind as offerKind",
      "b.priceCents as offerCents",
      "b.currency as offerCurrency",
      "b.expiresAt as offerExpiresAt",
      "b.acceptedAt as offerAcceptedAt",
    ])
    .where("r.organisationId", "=", carrier.organisationId)
    .where((eb) =>
      eb.or([
        eb.and([
          eb("r.status", "=", "SENT_TO_MARKETPLACE"),
          eb(
            "r.transportMethod",
            "=",
            sql<TransportMethod>`any(${carrier.transportMethods}::"TransportMethod"[])`,
          ),
        ]),
        eb("b.acceptedAt", "is not", null),
      ]),
    )
    .orderBy("r.deliveryByDate")
    .orderBy("r.id")
    .limit(MAX_JOBS)
    .execute();
  return rows
    .filter(
      (row) =>
        row.offerAcceptedAt !== null ||
        carrierMatches(carrier, {
          transportMethod: row.transportMethod,
          origin: { postcode: row.originPostcode, countryCode: row.originCountry },
          destination: { postcode: row.destinationPostcode, countryCode: row.destinationCountry },
        }),
    )
    .map((row) => ({
      id: row.id,
      vehicle: [row.make, row.model].filter(Boolean).join(" ") || "Vehicle",
      vrm: row.vrm,
      status: row.status,
      transportMethod: row.transportMethod,
      origin: { name: row.originName, city: row.originCity, postcode: row.originPostcode },
      destination: {
        name: row.destinationName,
        city: row.destinationCity,
        postcode: row.destinationPostcode,
      },
      readyFrom: { date: toDateOnly(row.readyToCollectFromDate), slot: row.readyToCollectFromTimeslot },
      deliverBy: {
        date: toDateOnly(row.deliveryByDate),
        timeslot: row.deliveryByTimeslot,
        time: row.deliveryByTime,
        onTheDay: row.deliverOnSpecifiedDate,
      },
      estimate: money(row.estimatedCostCents, row.estimatedCostCurrency),
      myOffer:
        row.offerKind && row.offerCents !== null && row.offerCurrency
          ? {
              kind: row.offerKind,
              price: { centAmount: row.offerCents, currencyCode: row.offerCurrency },
              expiresAt: row.offerExpiresAt?.toISOString() ?? null,
              expired: isExpired({ expiresAt: row.offerExpiresAt }, now),
              won: row.offerAcceptedAt !== null,
            }
          : null,
    }));
}
