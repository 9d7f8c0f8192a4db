import type { Metadata } from "next";
import Link from "next/link";
import { DisplayLinksManager } from "@/components/kanban/display-links-manager";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { rolesWith } from "@/lib/auth/roles";
import { requireStaff } from "@/lib/auth/require-staff";
import { listDisplayLinks } from "@/lib/prep-jobs/display-links/list-display-links";
import { prepSitesForUser } from "@/lib/prep-jobs/kanban/prep-sites-for-user";
import { createDisplayLinkAction, revokeDisplayLinkAction } from "../actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Workshop screens" };

// /prep-jobs/display-links — admins hand out and revoke workshop-screen links
export default async function DisplayLinksPage() {
  const staff = await requireStaff(rolesWith("manage-integrations"));
  const [sites, links] = await Promise.all([
    prepSitesForUser({ ...staff.user, organisationId: staff.organisationId }),
    listDisplayLinks(staff.scope),
  ]);
  return (
    <>
      <PageHeader
        eyebrow={
          <Link href="/prep-jobs" className="hover:underline">
            Prep jobs
          </Link>
        }
        title="Workshop screens"
        description="Show a prep site's kanban on a screen in the workshop: full-screen, large type, live, no sign-in. Each link is secret and can be revoked at any time."
      />
      {sites.length === 0 ? (
        <EmptyState
          title="No prep sites"
          description="Mark a site as a prep site to give it a workshop screen."
        />
      ) : (
        <DisplayLinksManager
          sites={sites}
          links={links}
          createAction={createDisplayLinkAction}
          revokeAction={revokeDisplayLinkAction}
        />
      )}
    </>
  );
}
