// Who acts on which leg. A job is done by one of three kinds of carrier: one of the organisation's
// drivers or a 3PL (through a job link, the token is the credential), or the marketplace carrier that
// won the request (signed in, through a job link without a token). Everything that decides whether a
// carrier holds a leg, or names it in the audit trail, goes through these three functions, so the
// job page, its actions and the proofs treat the three alike.
import type { CarrierOfActor } from "@/lib/movement-requests/actor-scope";

export type CarrierColumns = {
  driverId: string | null;
  thirdPartyLogisticsProviderId: string | null;
  marketplaceCarrierId: string | null;
};

/** The carrier a job link (or a leg) names; a link names exactly one (a check constraint). */
export function actingCarrierOf(link: CarrierColumns): CarrierOfActor {
  if (link.driverId) return { driverId: link.driverId };
  if (link.marketplaceCarrierId) return { marketplaceCarrierId: link.marketplaceCarrierId };
  return { thirdPartyLogisticsProviderId: link.thirdPartyLogisticsProviderId ?? "" };
}

/** Whether the carrier is on the leg. */
export function carrierHoldsLeg(carrier: CarrierOfActor, leg: Partial<CarrierColumns>): boolean {
  if ("driverId" in carrier) return leg.driverId === carrier.driverId;
  if ("marketplaceCarrierId" in carrier) return leg.marketplaceCarrierId === carrier.marketplaceCarrierId;
  return leg.thirdPartyLogisticsProviderId === carrier.thirdPartyLogisticsProviderId;
}

/** The audit trail's actor: "driver:<id>", "3pl:<id>" or "carrier:<id>" (as the marketplace's own actions). */
export function actorOfCarrier(carrier: CarrierOfActor): string {
  if ("driverId" in carrier) return `driver:${carrier.driverId}`;
  if ("marketplaceCarrierId" in carrier) return `carrier:${carrier.marketplaceCarrierId}`;
  return `3pl:${carrier.thirdPartyLogisticsProviderId}`;
}
