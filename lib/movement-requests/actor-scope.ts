import type { MovementRequestScope } from "@/lib/movement-requests/get-movement-request-or-throw";

/**
 * Who acts on a movement request, and within what: an API caller or a staff user, or a carrier
 * through its job link (lib/carrier-jobs), who may act only on legs it carries (checked under the
 * request's lock by the use cases: legs.ts, assertCarrierHolds).
 */
export type ActorScope = MovementRequestScope & { actor: string; carrier?: CarrierOfActor };

export type CarrierOfActor =
  | { driverId: string }
  | { thirdPartyLogisticsProviderId: string }
  /** The marketplace carrier that won the request (signed in: lib/marketplace/carrier-context.ts). */
  | { marketplaceCarrierId: string };
