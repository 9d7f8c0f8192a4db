// An admin creates a workshop-screen link for one of the organisation's prep sites. The token is
// returned once, here; only its hash is kept.
import "server-only";
import { kysely } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import { newId } from "@/lib/ids";
import { hashDisplayToken, newDisplayToken } from "@/lib/prep-jobs/display-links/display-link-token";
import { toDisplayLinkSummary } from "@/lib/prep-jobs/display-links/list-display-links";
import type { CreateDisplayLinkInput, DisplayLinkSummary } from "@/lib/prep-jobs/display-links/schemas";

export async function createDisplayLink(
  scope: { organisationId: string },
  input: CreateDisplayLinkInput,
): Promise<{ link: DisplayLinkSummary; token: string }> {
  const found = await kysely()
    .selectFrom("Site")
    .select(["id", "name", "code", "isPrepSite"])
    .where("id", "=", input.siteId)
    .where("organisationId", "=", scope.organisationId)
    .executeTakeFirst();
  if (!found) throw new AppError("SITE_NOT_FOUND", `No site ${input.siteId} was found.`);
  const { isPrepSite, ...site } = found;
  if (!isPrepSite) {
    throw new AppError("VALIDATION_ERROR", "A workshop screen shows a prep site's board.", {
      errors: [{ path: "siteId", message: "Choose a prep site" }],
    });
  }
  const token = newDisplayToken();
  const link = await kysely()
    .insertInto("DisplayLink")
    .values({
      id: newId(),
      organisationId: scope.organisationId,
      siteId: input.siteId,
      name: input.name,
      tokenHash: hashDisplayToken(token),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { link: toDisplayLinkSummary({ ...link, site }), token };
}
