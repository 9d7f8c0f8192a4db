// The prep sites a staff user's kanban offers: the sites they work at (UserPrepSite), or every prep
// site of the organisation for an admin or a user assigned to none.
import "server-only";
import { db } from "@/lib/db";
import type { UserRole } from "@/lib/generated/prisma/enums";
import type { KanbanSite } from "@/lib/prep-jobs/kanban/board";

export type KanbanUser = { id: string; organisationId: string; role: UserRole };

export async function prepSitesForUser(user: KanbanUser): Promise<KanbanSite[]> {
  const select = { id: true, name: true, code: true } as const;
  const orderBy = { name: "asc" } as const;
  // Scoped by organisation and isPrepSite even through the join: a stale assignment shows nothing.
  const organisationPrepSites = { organisationId: user.organisationId, isPrepSite: true };
  if (user.role !== "ADMIN") {
    const assigned = await db().site.findMany({
      where: { ...organisationPrepSites, staff: { some: { userId: user.id } } },
      select,
      orderBy,
    });
    if (assigned.length) return assigned;
    const hasAssignments = await db().userPrepSite.count({ where: { userId: user.id } });
    // Assigned only to sites that are gone or no longer prep sites: nothing, rather than everything.
    if (hasAssignments) return [];
  }
  return db().site.findMany({ where: organisationPrepSites, select, orderBy });
}

/** The site the user asked for if they may see it, else their first; undefined when they have none. */
export function chooseKanbanSite(sites: KanbanSite[], requested: string | undefined): KanbanSite | undefined {
  return sites.find((site) => site.id === requested) ?? sites[0];
}
