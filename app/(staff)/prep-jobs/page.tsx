import type { Metadata } from "next";
import Link from "next/link";
import { KanbanBoard } from "@/components/kanban/kanban-board";
import { SitePicker } from "@/components/kanban/site-picker";
import { buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { WrenchIcon } from "@/components/ui/icons";
import { AgeingSummary } from "@/components/kanban/ageing-summary";
import { PageHeader } from "@/components/ui/page-header";
import { can, rolesWith } from "@/lib/auth/roles";
import { requireStaff } from "@/lib/auth/require-staff";
import { getKanbanBoard } from "@/lib/prep-jobs/kanban/get-kanban-board";
import { chooseKanbanSite, prepSitesForUser } from "@/lib/prep-jobs/kanban/prep-sites-for-user";
import {
  addKanbanNoteAction,
  addWorkItemAction,
  decideEstimateAction,
  editWorkItemAction,
  inspectVehicleAction,
  loadCardDetailsAction,
  movePrepJobAction,
  moveWorkItemAction,
} from "./actions";
import {
  addWorkItemPhotoAction,
  loadCardSubletAction,
  revokeSubletLinkAction,
  sendToSubletAction,
} from "./sublet-actions";

const SUBLET_ACTIONS = {
  load: loadCardSubletAction,
  send: sendToSubletAction,
  revoke: revokeSubletLinkAction,
  photo: addWorkItemPhotoAction,
};
const WORK_ITEM_ACTIONS = {
  add: addWorkItemAction,
  move: moveWorkItemAction,
  decide: decideEstimateAction,
  edit: editWorkItemAction,
  inspect: inspectVehicleAction,
  sublet: SUBLET_ACTIONS,
};

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Prep jobs" };

// /prep-jobs?site=… — the prep-job kanban of one prep site, live
export default async function PrepJobsPage({
  searchParams,
}: {
  searchParams: Promise<{ site?: string | string[] }>;
}) {
  const staff = await requireStaff(rolesWith("view-prep-jobs"));
  const sites = await prepSitesForUser({ ...staff.user, organisationId: staff.organisationId });
  const requested = (await searchParams).site;
  const site = chooseKanbanSite(sites, typeof requested === "string" ? requested : undefined);
  const manageScreens = can(staff.user.role, "manage-integrations");
  const isAdmin = staff.user.role === "ADMIN";
  const screensLink = manageScreens ? (
    <Link href="/prep-jobs/display-links" className={buttonClasses({ variant: "secondary" })}>
      Workshop screens
    </Link>
  ) : null;

  if (!site) {
    return (
      <>
        <PageHeader title="Prep jobs" actions={screensLink} />
        <EmptyState
          icon={<WrenchIcon />}
          title="No prep sites"
          description="Your organisation has no prep site you work at yet. An administrator marks sites as prep sites and assigns staff to them."
        />
      </>
    );
  }

  const board = await getKanbanBoard(staff.organisationId, site.id);
  const canMove = can(staff.user.role, "work-prep-jobs");
  const query = `site=${encodeURIComponent(site.id)}`;
  return (
    <>
      <PageHeader
        title="Prep jobs"
        eyebrow={`${site.name} · ${site.code}`}
        description={
          <>
            {board.total} {board.total === 1 ? "vehicle" : "vehicles"} at this prep site.{" "}
            {/* On a phone the cards come first: each says its own ageing in words. */}
            <span className="hidden md:inline">
              <AgeingSummary board={board} />
              {/* The keyboard's way is for a mouse and keyboard; a touch screen (a tablet) drags by hand. */}
              {canMove ? (
                <>
                  <span className="pointer-coarse:hidden" data-testid="keyboard-hint">
                    {" "}
                    Open a card to move it, or drag it (its handle works with Space and the arrow keys).
                  </span>
                  <span className="hidden pointer-coarse:inline">
                    {" "}
                    Tap a card to move it, or drag it onto the stage beside it.
                  </span>
                </>
              ) : null}
            </span>
          </>
        }
        actions={
          <>
            {sites.length > 1 ? <SitePicker sites={sites} current={site.id} /> : null}
            {isAdmin ? (
              <Link href={`/prep-jobs/settings?${query}`} className={buttonClasses({ variant: "secondary" })}>
                Site settings
              </Link>
            ) : null}
            {screensLink}
          </>
        }
      />
      <KanbanBoard
        key={site.id}
        initialBoard={board}
        boardUrl={`/api/prep-jobs/board?${query}`}
        streamUrl={`/api/prep-jobs/stream?${query}`}
        moveCard={canMove ? movePrepJobAction : undefined}
        addNote={canMove ? addKanbanNoteAction : undefined}
        workItems={canMove ? WORK_ITEM_ACTIONS : undefined}
        canApprove={can(staff.user.role, "approve-recon")}
        loadDetails={loadCardDetailsAction}
      />
    </>
  );
}
