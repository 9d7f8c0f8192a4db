// The kanban of one prep site: its prep jobs in stage columns, grouped by substage, with counts, time
// in stage and ageing computed against `now`, under the site's own settings (WIP limits, ageing per
// stage, opening hours). Organisation-scoped: another organisation's site, or a site that is no prep
// site, is SITE_NOT_FOUND.
//
// A busy site has thousands of open jobs: the board reads only open jobs and those finished in the
// last DELIVERED_VISIBLE_DAYS (PrepJob.finishedAt, indexed), counts every group, and carries only the
// oldest `cardsPerGroup` cards of each. A search (VIN, VRM, make, model) runs here, over every job of
// the board, so it finds the cards the cap leaves out.
import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors/app-error";
import type { AgeingThresholds } from "@/lib/prep-jobs/kanban/ageing";
import {
  buildKanbanBoard,
  positionKey,
  type KanbanBoard,
  type KanbanSite,
} from "@/lib/prep-jobs/kanban/board";
import { getKanbanSettings } from "@/lib/prep-jobs/kanban/site-settings";

/** A vehicle that has left the prep site stays on the board this long, then drops off. */
export const DELIVERED_VISIBLE_DAYS = 7;
/** Cards carried per substage group: more than a column shows without scrolling far. */
export const CARDS_PER_GROUP = 10;

export function kanbanThresholds(): AgeingThresholds {
  return { amberHours: env().KANBAN_AMBER_HOURS, redHours: env().KANBAN_RED_HOURS };
}

export async function getKanbanSiteOrThrow(organisationId: string, prepSiteId: string): Promise<KanbanSite> {
  const site = await db().site.findFirst({
    where: { id: prepSiteId, organisationId, isPrepSite: true },
    select: { id: true, name: true, code: true },
  });
  if (!site) throw new AppError("SITE_NOT_FOUND", `No prep site ${prepSiteId} was found.`);
  return site;
}

const cardSelect = {
  id: true,
  vin: true,
  vrm: true,
  make: true,
  model: true,
  modelVariant: true,
  stage: true,
  substage: true,
  notes: true,
  stageChangedAt: true,
} as const;

/** The search as typed, matched anywhere in VIN (spaces ignored), VRM, make or model. */
function searchWhere(search: string | undefined): Prisma.PrepJobWhereInput {
  const text = search?.trim();
  if (!text) return {};
  const contains = (value: string) => ({ contains: value, mode: "insensitive" as const });
  return {
    OR: [
      { vin: contains(text.replace(/\s+/g, "")) },
      { vrm: contains(text) },
      { make: contains(text) },
      { model: contains(text) },
    ],
  };
}

export async function getKanbanBoard(
  organisationId: string,
  prepSiteId: string,
  options: { now?: Date; thresholds?: AgeingThresholds; search?: string; cardsPerGroup?: number } = {},
): Promise<KanbanBoard> {
  const now = options.now ?? new Date();
  const site = await getKanbanSiteOrThrow(organisationId, prepSiteId);
  const thresholds = options.thresholds ?? kanbanThresholds();
  const cardsPerGroup = options.cardsPerGroup ?? CARDS_PER_GROUP;
  const deliveredSince = new Date(now.getTime() - DELIVERED_VISIBLE_DAYS * 24 * 3_600_000);
  const where: Prisma.PrepJobWhereInput = {
    organisationId,
    prepSiteId: site.id,
    OR: [{ finishedAt: null }, { finishedAt: { gte: deliveredSince } }],
    AND: [searchWhere(options.search)],
  };
  const [settings, groups] = await Promise.all([
    getKanbanSettings(organisationId, site.id, thresholds),
    db().prepJob.groupBy({ by: ["stage", "substage"], where, _count: { _all: true } }),
  ]);
  // The oldest few of each group: one small indexed query per group that has jobs.
  const capped = await Promise.all(
    groups.map((group) =>
      db().prepJob.findMany({
        where: { ...where, stage: group.stage, substage: group.substage },
        select: cardSelect,
        orderBy: [{ stageChangedAt: "asc" }, { id: "asc" }],
        take: cardsPerGroup,
      }),
    ),
  );
  return buildKanbanBoard({
    site,
    jobs: capped.flat().map((job) => ({ ...job, stageChangedAt: job.stageChangedAt.toISOString() })),
    now,
    thresholds,
    settings,
    counts: Object.fromEntries(groups.map((group) => [positionKey(group), group._count._all])),
  });
}
