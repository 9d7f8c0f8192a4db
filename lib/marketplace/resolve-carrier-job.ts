// Opens a marketplace carrier's job (issue 16 §4): the job link its award created (no token: the
// carrier's session is the credential) and the request as it is now, with the link's standing. The
// same shape as a token's link (resolve-job-link.ts), so the job page, its actions, its offline queue
// and the proofs work unchanged. Only the carrier's own job, in its own organisation: any other
// request (another carrier's, another organisation's, one it lost or never won) is null (404).
import "server-only";
import { kysely } from "@/lib/db";
import { jobLinkStanding } from "@/lib/carrier-jobs/job-link-standing";
import { loadStandingRequest, type ResolvedJobLink } from "@/lib/carrier-jobs/resolve-job-link";
import { ULID_PATTERN } from "@/lib/ids";
import type { MarketplaceCarrierScope } from "@/lib/marketplace/find-carrier";

export async function resolveCarrierJob(
  carrier: Pick<MarketplaceCarrierScope, "carrierId" | "organisationId">,
  requestId: string,
  now = new Date(),
): Promise<ResolvedJobLink | null> {
  if (!ULID_PATTERN.test(requestId)) return null;
  const link = await kysely()
    .selectFrom("JobLink")
    .selectAll()
    .where("organisationId", "=", carrier.organisationId)
    .where("movementRequestId", "=", requestId)
    .where("marketplaceCarrierId", "=", carrier.carrierId)
    .where("revokedAt", "is", null)
    .limit(1)
    .executeTakeFirst();
  if (!link) return null;
  const { request, standingRequest } = await loadStandingRequest(kysely(), link);
  const standing = jobLinkStanding(link, standingRequest, now);
  if (standing === "gone") return null;
  return { link, request, standingRequest, standing };
}
