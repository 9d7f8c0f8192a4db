// What the board's route handlers share: who is looking (a signed-in staff member at one of their
// prep sites, whose session withStaffSession read, or a workshop screen's link), the board as JSON,
// and its live stream. The organisation always comes from the session or the link, never the request.
import "server-only";
import { z } from "zod";
import type { StaffContext } from "@/lib/auth/require-staff";
import { AppError } from "@/lib/errors/app-error";
import { logger } from "@/lib/logger";
import { problemResponse } from "@/lib/http/problem";
import { toAppError } from "@/lib/http/to-app-error";
import { resolveDisplayLink } from "@/lib/prep-jobs/display-links/resolve-display-link";
import { prepJobBoardStream } from "@/lib/prep-jobs/kanban/board-stream";
import { CARDS_PER_GROUP, getKanbanBoard } from "@/lib/prep-jobs/kanban/get-kanban-board";
import { prepSitesForUser } from "@/lib/prep-jobs/kanban/prep-sites-for-user";
import { sseResponse } from "@/lib/realtime/event-stream";

export type BoardViewer = { organisationId: string; prepSiteId: string };

/** A signed-in staff member's board of `siteId` (withStaffSession): only a site their board offers. */
export async function staffBoardViewer(staff: StaffContext, siteId: string | null): Promise<BoardViewer> {
  const sites = await prepSitesForUser({ ...staff.user, organisationId: staff.organisationId });
  const site = sites.find((candidate) => candidate.id === siteId);
  if (!site) throw new AppError("SITE_NOT_FOUND", `No prep site ${siteId ?? "(none given)"} was found.`);
  return { organisationId: staff.organisationId, prepSiteId: site.id };
}

/** A workshop screen's board: unknown and revoked links are 404, like a page that does not exist. */
export async function displayBoardViewer(token: string): Promise<BoardViewer> {
  const viewer = await resolveDisplayLink(token);
  if (!viewer) throw new AppError("NOT_FOUND", "This workshop-screen link does not exist or was revoked.");
  return { organisationId: viewer.organisationId, prepSiteId: viewer.site.id };
}

/** ?q= searches every job of the board; ?cards=N carries at most N cards per substage group. */
const boardQuery = (cardsCap: number) =>
  z.object({
    q: z.string().max(100).optional(),
    cards: z.coerce.number().int().min(1).max(cardsCap).optional(),
  });

/**
 * The board as JSON. With `request`, its ?q= and ?cards= are honoured (invalid ones are a 400).
 * `cardsCap` is both the default and the most ?cards= may ask for: the staff board's CARDS_PER_GROUP,
 * a workshop screen's WORKSHOP_CARDS_PER_GROUP.
 */
export async function boardResponse(
  viewer: () => Promise<BoardViewer>,
  request?: Request,
  cardsCap: number = CARDS_PER_GROUP,
): Promise<Response> {
  return answer(async () => {
    const params = request ? Object.fromEntries(new URL(request.url).searchParams) : {};
    const parsed = boardQuery(cardsCap).safeParse(params);
    if (!parsed.success)
      throw new AppError("VALIDATION_ERROR", `q is at most 100 characters; cards is 1 to ${cardsCap}.`);
    const { organisationId, prepSiteId } = await viewer();
    const board = await getKanbanBoard(organisationId, prepSiteId, {
      search: parsed.data.q,
      cardsPerGroup: parsed.data.cards ?? cardsCap,
    });
    return Response.json(board, { headers: { "cache-control": "no-store" } });
  });
}

/**
 * The live stream. The browser's own reconnect sends Last-Event-ID; a client that had to open a new
 * EventSource (after an error status) passes the last id it saw as ?lastEventId. `stillAllowed`, when
 * given, is asked every half minute: once it says no (a revoked workshop-screen link), the stream ends
 * and the reconnect is refused.
 */
export async function boardStreamResponse(
  request: Request,
  viewer: () => Promise<BoardViewer>,
  stillAllowed?: () => Promise<boolean>,
): Promise<Response> {
  return answer(async () => {
    const scope = await viewer();
    const lastEventId =
      request.headers.get("last-event-id") ?? new URL(request.url).searchParams.get("lastEventId");
    const stop = new AbortController();
    const end = () => {
      clearInterval(recheck);
      stop.abort();
    };
    const recheck = setInterval(() => {
      stillAllowed?.().then(
        (allowed) => allowed || end(),
        () => undefined,
      );
    }, RECHECK_ACCESS_MS);
    if (!stillAllowed) clearInterval(recheck);
    if (request.signal.aborted) end();
    request.signal.addEventListener("abort", end);
    return sseResponse(await prepJobBoardStream(scope, lastEventId, stop.signal));
  });
}

const RECHECK_ACCESS_MS = 30_000;

export async function displayLinkStillValid(token: string): Promise<boolean> {
  return (await resolveDisplayLink(token)) !== null;
}

async function answer(work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    const appError = toAppError(error);
    if (appError.code === "INTERNAL_SERVER_ERROR") logger.error("kanban endpoint failed", { error });
    return problemResponse(appError);
  }
}
