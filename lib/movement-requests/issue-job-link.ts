// Issues a carrier's job link for an offer, in the offer's own transaction: the carrier's earlier
// link for the request is revoked (one live link per carrier and request), a new token is made (only
// its hash kept) and, for a driver with an e-mail address, the link is e-mailed through the outbox.
// The token is returned once, for the dispatcher to copy or show as a QR code.
import type { Kdb } from "@/lib/db";
import { publicBaseUrl } from "@/lib/env";
import { newId } from "@/lib/ids";
import { getMailBrand, renderBrandedEmail } from "@/lib/notifications/branded-email";
import { enqueueEmail } from "@/lib/notifications/enqueue-email";
import { hashLinkToken, newLinkToken } from "@/lib/security/link-token";

/** Who carries the offer. */
export type JobCarrier = { driverId: string } | { thirdPartyLogisticsProviderId: string };

type OfferedRequest = {
  id: string;
  organisationId: string;
  make: string | null;
  model: string | null;
  vrm: string | null;
};

export function jobLinkUrl(token: string): string {
  return `${publicBaseUrl()}/jobs/${token}`;
}

export async function issueJobLink(
  tx: Kdb,
  request: OfferedRequest,
  carrier: JobCarrier,
  options: { actor: string; now: Date },
): Promise<{ linkId: string; url: string }> {
  const carrierColumns =
    "driverId" in carrier
      ? { driverId: carrier.driverId, thirdPartyLogisticsProviderId: null }
      : { driverId: null, thirdPartyLogisticsProviderId: carrier.thirdPartyLogisticsProviderId };
  await tx
    .updateTable("JobLink")
    .set({ revokedAt: options.now })
    .where("movementRequestId", "=", request.id)
    .where("revokedAt", "is", null)
    .$if("driverId" in carrier, (query) => query.where("driverId", "=", carrierColumns.driverId))
    .$if(!("driverId" in carrier), (query) =>
      query.where("thirdPartyLogisticsProviderId", "=", carrierColumns.thirdPartyLogisticsProviderId),
    )
    .execute();
  const token = newLinkToken();
  const linkId = newId();
  await tx
    .insertInto("JobLink")
    .values({
      id: linkId,
      organisationId: request.organisationId,
      movementRequestId: request.id,
      ...carrierColumns,
      tokenHash: hashLinkToken(token),
      createdBy: options.actor,
      createdAt: options.now,
    })
    .execute();
  const url = jobLinkUrl(token);
  if ("driverId" in carrier) await emailDriver(tx, request, carrier.driverId, url);
  return { linkId, url };
}

async function emailDriver(tx: Kdb, request: OfferedRequest, driverId: string, url: string): Promise<void> {
  const driver = await tx.selectFrom("Driver").select("email").where("id", "=", driverId).executeTakeFirst();
  if (!driver?.email) return;
  const vehicle = [request.make, request.model].filter(Boolean).join(" ") || request.vrm || "A vehicle";
  await enqueueEmail(tx, {
    organisationId: request.organisationId,
    kind: "job_link",
    to: driver.email,
    subject: `Job offer: ${vehicle}`,
    ...renderBrandedEmail(await getMailBrand(tx, request.organisationId), {
      heading: "A job for you",
      paragraphs: [`${vehicle} needs moving. See the job, accept or decline it with the button below.`],
      action: { label: "See the job", url },
      footer: { text: "This link is yours alone; do not forward it." },
    }),
  });
}
