// A prep site's recon settings (ReconSiteSettings): the labour rate and its currency, the auto-approve
// threshold, and whether a job may leave for Outbound with items open. A site without a row (or a
// parked job, with no site yet) has no labour rate, approves nothing by itself, estimates in the
// organisation's currency and warns and records.
import { kysely, type Kdb } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import type { OutboundWithOpenItems } from "@/lib/generated/prisma/enums";
import { reconSiteSettingsInput, type ReconSiteSettingsInput } from "@/lib/recon/schemas";

export type ReconSettings = {
  labourRateCents: number | null;
  currency: string;
  autoApproveBelowCents: number;
  outboundWithOpenItems: OutboundWithOpenItems;
};

export const DEFAULT_OUTBOUND_POLICY: OutboundWithOpenItems = "WARN_AND_RECORD";

export async function reconSettingsFor(
  tx: Kdb,
  organisationId: string,
  siteId: string | null,
): Promise<ReconSettings> {
  const row = await tx
    .selectFrom("Organisation as o")
    .leftJoin("ReconSiteSettings as s", (join) =>
      join.on("s.siteId", "=", siteId ?? "").onRef("s.organisationId", "=", "o.id"),
    )
    .select([
      "o.currencyCode",
      "s.labourRateCents",
      "s.currency",
      "s.autoApproveBelowCents",
      "s.outboundWithOpenItems",
    ])
    .where("o.id", "=", organisationId)
    .executeTakeFirstOrThrow();
  return {
    labourRateCents: row.labourRateCents,
    currency: row.currency ?? row.currencyCode,
    autoApproveBelowCents: row.autoApproveBelowCents ?? 0,
    outboundWithOpenItems: row.outboundWithOpenItems ?? DEFAULT_OUTBOUND_POLICY,
  };
}

/** A prep site's settings, for its settings page. */
export function getReconSiteSettings(organisationId: string, siteId: string): Promise<ReconSettings> {
  return reconSettingsFor(kysely(), organisationId, siteId);
}

/** An admin saves a prep site's recon settings; another organisation's site is SITE_NOT_FOUND. */
export async function saveReconSiteSettings(
  scope: { organisationId: string; actor: string },
  siteId: string,
  input: ReconSiteSettingsInput,
): Promise<ReconSettings> {
  const values = reconSiteSettingsInput.parse(input);
  const site = await kysely()
    .selectFrom("Site")
    .select("id")
    .where("id", "=", siteId)
    .where("organisationId", "=", scope.organisationId)
    .where("isPrepSite", "=", true)
    .executeTakeFirst();
  if (!site) throw new AppError("SITE_NOT_FOUND", `No prep site ${siteId} was found.`);
  const data = { ...values, updatedBy: scope.actor, updatedAt: new Date() };
  await kysely()
    .insertInto("ReconSiteSettings")
    .values({ siteId, organisationId: scope.organisationId, ...data })
    .onConflict((conflict) => conflict.column("siteId").doUpdateSet(data))
    .execute();
  return values;
}
