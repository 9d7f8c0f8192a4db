// Opens a sublet vendor's link: the token's live link, its vendor and its prep job. An unknown,
// malformed or revoked token is null (404, like a carrier's job link: nothing tells a revoked link
// from one that never was).
import { kysely } from "@/lib/db";
import { findReconJobOrThrow, type ReconJob } from "@/lib/recon/find-recon-job";
import type { ReconActor } from "@/lib/recon/recon-actor";
import { hashLinkToken, LINK_TOKEN_PATTERN } from "@/lib/security/link-token";

export type ResolvedSubletLink = {
  link: { id: string; organisationId: string; prepJobId: string; vendorId: string };
  vendor: { id: string; name: string };
  job: ReconJob;
};

export async function resolveSubletLink(token: string): Promise<ResolvedSubletLink | null> {
  if (!LINK_TOKEN_PATTERN.test(token)) return null;
  const row = await kysely()
    .selectFrom("ReconSubletLink as l")
    .innerJoin("ReconSubletVendor as v", "v.id", "l.vendorId")
    .select(["l.id", "l.organisationId", "l.prepJobId", "l.vendorId", "l.revokedAt", "v.name"])
    .where("l.tokenHash", "=", hashLinkToken(token))
    .executeTakeFirst();
  if (!row || row.revokedAt) return null;
  const job = await findReconJobOrThrow(kysely(), { organisationId: row.organisationId }, row.prepJobId);
  return {
    link: {
      id: row.id,
      organisationId: row.organisationId,
      prepJobId: row.prepJobId,
      vendorId: row.vendorId,
    },
    vendor: { id: row.vendorId, name: row.name },
    job,
  };
}

/** The vendor as the recon actor of its link: in the history as "sublet-vendor:<id>", no approval right. */
export function vendorActor(resolved: ResolvedSubletLink): ReconActor {
  return {
    organisationId: resolved.link.organisationId,
    actor: `sublet-vendor:${resolved.vendor.id}`,
    canApprove: false,
  };
}
