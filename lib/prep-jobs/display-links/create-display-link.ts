// An admin creates a workshop-screen link for one of the organisation's prep sites. The token is
// returned once, here; only its hash is kept.
import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import { newId } from "@/lib/ids";
import { hashDisplayToken, newDisplayToken } from "@/lib/prep-jobs/display-links/display-link-token";
import { toDisplayLinkSummary } from "@/lib/prep-jobs/display-links/list-display-links";
import type { CreateDisplayLinkInput, DisplayLinkSummary } from "@/lib/prep-jobs/display-links/schemas";

export async function createDisplayLink(
  scope: { organisationId: string },
  input: CreateDisplayLinkInput,
): Promise<{ link: DisplayLinkSummary; token: string }> {
  const site = await db().site.findFirst({
    where: { id: input.siteId, organisationId: scope.organisationId },
    select: { isPrepSite: true },
  });
  if (!site) throw new AppError("SITE_NOT_FOUND", `No site ${input.siteId} was found.`);
  if (!site.isPrepSite) {
    throw new AppError("VALIDATION_ERROR", "A workshop screen shows a prep site's board.", {
      errors: [{ path: "siteId", message: "Choose a prep site" }],
    });
  }
  const token = newDisplayToken();
  const link = await db().displayLink.create({
    data: {
      id: newId(),
      organisationId: scope.organisationId,
      siteId: input.siteId,
      name: input.name,
      tokenHash: hashDisplayToken(token),
    },
    include: { site: { select: { id: true, name: true, code: true } } },
  });
  return { link: toDisplayLinkSummary(link), token };
}
