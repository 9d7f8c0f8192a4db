// /board — the movement board: every movement request of the organisation, filtered, sorted and paged
// on the server from the URL (?status=…&sort=…&page=…), with the detail panel of ?open=<id>.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { BoardView } from "@/components/board/board-view";
import { requireStaff } from "@/lib/auth/require-staff";
import { can, rolesWith } from "@/lib/auth/roles";
import { toDateOnly } from "@/lib/dates";
import { env } from "@/lib/env";
import { mapTilesOf } from "@/lib/maps/map-tiles";
import { AppError } from "@/lib/errors/app-error";
import { getBoardOptions } from "@/lib/movement-requests/board/board-options";
import { parseBoardQuery } from "@/lib/movement-requests/board/board-query";
import { getBoardDetail } from "@/lib/movement-requests/board/get-board-detail";
import { listBoardRows } from "@/lib/movement-requests/board/list-board-rows";
import { listSavedViews } from "@/lib/movement-requests/board/saved-views";
import type { BoardActions } from "@/components/board/board-actions";
import { startingSequence } from "@/lib/realtime/event-stream";
import {
  abortAction,
  acceptAction,
  assignAction,
  bulkAssignAction,
  cancelAction,
  collectedAction,
  deleteViewAction,
  deliveredAction,
  jobLinksAction,
  newJobLinkAction,
  revokeJobLinkAction,
  saveViewAction,
} from "./actions";
import { proofsAction } from "./proof-actions";
import { acceptBidAction, postToMarketplaceAction, requestMarketplaceAction } from "./marketplace-actions";

export const metadata: Metadata = { title: "Movement board" };

/** The board's server actions, handed to its client components (which never import from app/). */
const boardActions = {
  assign: assignAction,
  accept: acceptAction,
  collected: collectedAction,
  delivered: deliveredAction,
  abort: abortAction,
  cancel: cancelAction,
  bulkAssign: bulkAssignAction,
  jobLinks: jobLinksAction,
  proofs: proofsAction,
  newJobLink: newJobLinkAction,
  revokeJobLink: revokeJobLinkAction,
  saveView: saveViewAction,
  deleteView: deleteViewAction,
  requestMarketplace: requestMarketplaceAction,
  postToMarketplace: postToMarketplaceAction,
  acceptBid: acceptBidAction,
} satisfies BoardActions;

type SearchParams = Record<string, string | string[] | undefined>;

export default async function BoardPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const staff = await requireStaff(rolesWith("view-board"));
  const { organisationId } = staff;
  const raw = await searchParams;
  const query = parseBoardQuery(raw);
  const open = typeof raw.open === "string" && raw.open ? raw.open : null;
  const now = new Date();
  // Taken first: the live stream resumes after it, so a change made while this page renders is not missed.
  const since = await startingSequence(organisationId, null);
  const [page, options, savedViews, detail] = await Promise.all([
    listBoardRows(organisationId, query, now),
    getBoardOptions(organisationId),
    listSavedViews(staff.user.id),
    open ? detailOrNull(organisationId, open, now) : null,
  ]);
  // Another organisation's request (or none at all): the same "not found".
  if (open && !detail) notFound();

  return (
    <BoardView
      page={page}
      query={query}
      open={open}
      detail={detail}
      options={options}
      savedViews={savedViews}
      canDispatch={can(staff.user.role, "dispatch")}
      actions={boardActions}
      organisationName={staff.organisationName}
      today={toDateOnly(now)}
      since={since.toString()}
      mapTiles={mapTilesOf(env().MAP_TILES_URL)}
    />
  );
}

async function detailOrNull(organisationId: string, id: string, now: Date) {
  try {
    return await getBoardDetail(organisationId, id, now);
  } catch (error) {
    if (error instanceof AppError && error.code === "VEHICLE_MOVEMENT_REQUEST_NOT_FOUND") return null;
    throw error;
  }
}
