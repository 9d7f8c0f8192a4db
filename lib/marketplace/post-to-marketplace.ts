// A dispatcher posts a request to the organisation's marketplace (CREATED or ACCEPTED →
// SENT_TO_MARKETPLACE, the transition table's sendToMarketplace). The open legs lose any carrier: the
// marketplace decides who carries them. Every carrier it matches (lib/marketplace/matching.ts) that
// has set its password gets an e-mail through the outbox, in the same transaction.
import { asKysely, transaction, type Queryable } from "@/lib/db";
import { publicBaseUrl } from "@/lib/env";
import { getSitesOrThrow } from "@/lib/infrastructure/get-sites-or-throw";
import { carrierMatches } from "@/lib/marketplace/matching";
import { transportMethodsColumn } from "@/lib/marketplace/transport-methods-column";
import type { ActorScope } from "@/lib/movement-requests/actor-scope";
import {
  getMovementRequestOrThrow,
  type MovementRequestWithLegs,
} from "@/lib/movement-requests/get-movement-request-or-throw";
import { assertActionAllowed, updateAssignableLegs } from "@/lib/movement-requests/operations/legs";
import { transitionMovementRequest } from "@/lib/movement-requests/transition-movement-request";
import { getMailBrand, renderBrandedEmail } from "@/lib/notifications/branded-email";
import { enqueueEmail } from "@/lib/notifications/enqueue-email";

export async function postToMarketplace(scope: ActorScope, requestId: string, now = new Date()) {
  return transaction(async (tx) => {
    const request = await getMovementRequestOrThrow(tx, scope, requestId, { forUpdate: true });
    assertActionAllowed("sendToMarketplace", request.status);
    const posted = await transitionMovementRequest(tx, request, "sendToMarketplace", "SENT_TO_MARKETPLACE", {
      actor: scope.actor,
      now,
      reason: "Posted to the marketplace",
    });
    await updateAssignableLegs(tx, request.id, now, {
      driverId: null,
      thirdPartyLogisticsProviderId: null,
      acceptedAt: null,
    });
    await emailMatchingCarriers(tx, request, now);
    return posted;
  });
}

async function emailMatchingCarriers(tx: Queryable, request: MovementRequestWithLegs, now: Date) {
  const { origin, destination } = await getSitesOrThrow(asKysely(tx), request.organisationId, {
    origin: request.originSiteId,
    destination: request.destinationSiteId,
  });
  const carriers = await asKysely(tx)
    .selectFrom("MarketplaceCarrier as c")
    .innerJoin("User as u", "u.id", "c.userId")
    .select(["c.postcodeAreas", "u.email"])
    .select(transportMethodsColumn())
    .where("c.organisationId", "=", request.organisationId)
    .where("c.joinedAt", "is not", null)
    .execute();
  const vehicle = [request.make, request.model].filter(Boolean).join(" ") || request.vrm || "A vehicle";
  const matching = carriers.filter((carrier) =>
    carrierMatches(carrier, { transportMethod: request.transportMethod, origin, destination }),
  );
  if (matching.length === 0) return;
  const subject = `New job on the marketplace: ${vehicle}, ${origin.city} to ${destination.city}`;
  const email = renderBrandedEmail(await getMailBrand(tx, request.organisationId), {
    heading: "A new job on the marketplace",
    paragraphs: [
      `${vehicle} is to be moved from ${origin.name} (${origin.city}) to ${destination.name} (${destination.city}).`,
      "Claim it at the estimate or bid your price.",
    ],
    action: { label: "See the job", url: `${publicBaseUrl()}/carrier/jobs` },
  });
  for (const carrier of matching) {
    await enqueueEmail(tx, {
      organisationId: request.organisationId,
      kind: "marketplace_posted",
      to: carrier.email,
      subject,
      ...email,
      at: now,
    });
  }
}
