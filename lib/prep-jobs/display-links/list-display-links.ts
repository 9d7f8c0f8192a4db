// The organisation's workshop-screen links, newest first, revoked ones included (an audit of what
// was handed out).
import "server-only";
import { kysely } from "@/lib/db";
import type { DisplayLink } from "@/lib/generated/prisma/client";
import type { DisplayLinkSummary } from "@/lib/prep-jobs/display-links/schemas";

export async function listDisplayLinks(scope: { organisationId: string }): Promise<DisplayLinkSummary[]> {
  const links = await kysely()
    .selectFrom("DisplayLink as link")
    .innerJoin("Site as site", "site.id", "link.siteId")
    .selectAll("link")
    .select(["site.name as siteName", "site.code as siteCode"])
    .where("link.organisationId", "=", scope.organisationId)
    .orderBy("link.createdAt", "desc")
    .orderBy("link.id", "desc")
    .execute();
  return links.map(({ siteName, siteCode, ...link }) =>
    toDisplayLinkSummary({ ...link, site: { id: link.siteId, name: siteName, code: siteCode } }),
  );
}

export function toDisplayLinkSummary(
  link: DisplayLink & { site: { id: string; name: string; code: string } },
): DisplayLinkSummary {
  return {
    id: link.id,
    name: link.name,
    site: link.site,
    createdAt: link.createdAt.toISOString(),
    lastSeenAt: link.lastSeenAt?.toISOString() ?? null,
    revokedAt: link.revokedAt?.toISOString() ?? null,
  };
}
