// The carrier whose claim or bid won is told by e-mail (issue #35 §5: it was told nothing), in the
// organisation's brand and language, through the outbox in the award's transaction: the message
// exists if and only if the award committed.
import type { Kdb } from "@/lib/db";
import { publicBaseUrl } from "@/lib/env";
import type { MovementRequestWithLegs } from "@/lib/movement-requests/get-movement-request-or-throw";
import { formatMoney } from "@/lib/movement-requests/money";
import { formatDay, getMailBrand, renderBrandedEmail } from "@/lib/notifications/branded-email";
import { enqueueEmail } from "@/lib/notifications/enqueue-email";

export async function emailWinningCarrier(
  tx: Kdb,
  request: MovementRequestWithLegs,
  bid: { carrierId: string; kind: "CLAIM" | "BID"; priceCents: number; currency: string },
  now: Date,
): Promise<void> {
  const carrier = await tx
    .selectFrom("MarketplaceCarrier as c")
    .innerJoin("User as u", "u.id", "c.userId")
    .select("u.email")
    .where("c.id", "=", bid.carrierId)
    .executeTakeFirstOrThrow();
  const sites = await tx
    .selectFrom("Site")
    .select(["id", "name", "city"])
    .where("id", "in", [request.originSiteId, request.destinationSiteId])
    .execute();
  const siteName = (id: string) => {
    const site = sites.find((candidate) => candidate.id === id);
    return site ? `${site.name} (${site.city})` : "its site";
  };
  const brand = await getMailBrand(tx, request.organisationId);
  const vehicle = [request.make, request.model].filter(Boolean).join(" ") || request.vrm || "The vehicle";
  const price = formatMoney({ centAmount: bid.priceCents, currencyCode: bid.currency });
  const collect = formatDay(request.estimatedCollectionDate ?? request.readyToCollectFromDate, brand.locale);
  const deliver = formatDay(request.estimatedDeliveryDate ?? request.deliveryByDate, brand.locale);
  await enqueueEmail(tx, {
    organisationId: request.organisationId,
    kind: "marketplace_won",
    to: carrier.email,
    subject: `Your ${bid.kind === "CLAIM" ? "claim" : "bid"} won: ${vehicle}`,
    ...renderBrandedEmail(brand, {
      heading: `The job is yours: ${vehicle}`,
      paragraphs: [
        `${brand.name} accepted your ${bid.kind === "CLAIM" ? "claim" : "bid"} at ${price}.`,
        `Collect from ${siteName(request.originSiteId)} from ${collect}; deliver to ${siteName(request.destinationSiteId)} ${
          request.deliverOnSpecifiedDate ? "on" : "by"
        } ${deliver}.`,
        "Open the job to see the details and record the collection and the delivery.",
      ],
      action: { label: "Open the job", url: `${publicBaseUrl()}/carrier/jobs/${request.id}` },
    }),
    at: now,
  });
}
