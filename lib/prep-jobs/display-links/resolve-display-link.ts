// Opens a workshop screen: the token's link, if it exists and is not revoked, gives the organisation
// and prep site the screen may show; anything else is null (the page and its data answer 404). Records
// when the screen was last seen, at most once a minute (a screen polls and streams all day).
import "server-only";
import { kysely } from "@/lib/db";
import { DISPLAY_TOKEN_PATTERN, hashDisplayToken } from "@/lib/prep-jobs/display-links/display-link-token";
import type { KanbanSite } from "@/lib/prep-jobs/kanban/board";

export type DisplayViewer = { linkId: string; name: string; organisationId: string; site: KanbanSite };

const LAST_SEEN_EVERY_MS = 60_000;

export async function resolveDisplayLink(
  token: string,
  now: Date = new Date(),
): Promise<DisplayViewer | null> {
  if (!DISPLAY_TOKEN_PATTERN.test(token)) return null;
  const link = await kysely()
    .selectFrom("DisplayLink as link")
    .innerJoin("Site as site", "site.id", "link.siteId")
    .select([
      "link.id",
      "link.name",
      "link.organisationId",
      "link.revokedAt",
      "link.lastSeenAt",
      "site.id as siteId",
      "site.name as siteName",
      "site.code as siteCode",
      "site.isPrepSite",
    ])
    .where("link.tokenHash", "=", hashDisplayToken(token))
    .executeTakeFirst();
  if (!link || link.revokedAt || !link.isPrepSite) return null;
  if (!link.lastSeenAt || now.getTime() - link.lastSeenAt.getTime() >= LAST_SEEN_EVERY_MS) {
    // Conditional, so that screens opening together write once.
    await kysely()
      .updateTable("DisplayLink")
      .set({ lastSeenAt: now })
      .where("id", "=", link.id)
      .where((eb) =>
        eb.or([
          eb("lastSeenAt", "is", null),
          eb("lastSeenAt", "<", new Date(now.getTime() - LAST_SEEN_EVERY_MS + 1)),
        ]),
      )
      .execute();
  }
  const site = { id: link.siteId, name: link.siteName, code: link.siteCode };
  return { linkId: link.id, name: link.name, organisationId: link.organisationId, site };
}
