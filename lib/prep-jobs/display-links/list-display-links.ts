// The organisation's workshop-screen links, newest first, revoked ones included (an audit of what
// was handed out).
import "server-only";
import { db } from "@/lib/db";
import type { DisplayLink } from "@/lib/generated/prisma/client";
import type { DisplayLinkSummary } from "@/lib/prep-jobs/display-links/schemas";

export async function listDisplayLinks(scope: { organisationId: string }): Promise<DisplayLinkSummary[]> {
  const links = await db().displayLink.findMany({
    where: { organisationId: scope.organisationId },
    include: { site: { select: { id: true, name: true, code: true } } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return links.map(toDisplayLinkSummary);
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
