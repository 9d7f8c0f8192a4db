// The prep sites a staff user's kanban offers: the sites they work at (UserPrepSite), or every prep
// site of the organisation for an admin or a user assigned to none.
import "server-only";
import { kysely } from "@/lib/db";
import type { UserRole } from "@/lib/generated/prisma/enums";
import type { KanbanSite } from "@/lib/prep-jobs/kanban/board";

export type KanbanUser = { id: string; organisationId: string; role: UserRole };

export async function prepSitesForUser(user: KanbanUser): Promise<KanbanSite[]> {
  // Scoped by organisation and isPrepSite even through the join: a stale assignment shows nothing.
  const organisationPrepSites = kysely()
    .selectFrom("Site")
    .select(["Site.id", "Site.name", "Site.code"])
    .where("Site.organisationId", "=", user.organisationId)
    .where("Site.isPrepSite", "=", true)
    .orderBy("Site.name");
  if (user.role !== "ADMIN") {
    const assigned = await organisationPrepSites
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom("UserPrepSite")
            .select("UserPrepSite.siteId")
            .whereRef("UserPrepSite.siteId", "=", "Site.id")
            .where("UserPrepSite.userId", "=", user.id),
        ),
      )
      .execute();
    if (assigned.length) return assigned;
    const assignment = await kysely()
      .selectFrom("UserPrepSite")
      .select("siteId")
      .where("userId", "=", user.id)
      .executeTakeFirst();
    // Assigned only to sites that are gone or no longer prep sites: nothing, rather than everything.
    if (assignment) return [];
  }
  return organisationPrepSites.execute();
}

/** The site the user asked for if they may see it, else their first; undefined when they have none. */
export function chooseKanbanSite(sites: KanbanSite[], requested: string | undefined): KanbanSite | undefined {
  return sites.find((site) => site.id === requested) ?? sites[0];
}
