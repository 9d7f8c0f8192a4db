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
import { kysely, type ExpressionBuilder, type DB } from "@/lib/db";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors/app-error";
import type { AgeingThresholds } from "@/lib/prep-jobs/kanban/ageing";
import {
  buildKanbanBoard,
  positionKey,
  type KanbanBoard,
  type KanbanJob,
  type KanbanSite,
} from "@/lib/prep-jobs/kanban/board";
import { getKanbanSettings } from "@/lib/prep-jobs/kanban/site-settings";
import type { PrepJobPosition } from "@/lib/prep-job-stages/stage-rules";
import { reconSummaries } from "@/lib/recon/recon-summary";

/** A vehicle that has left the prep site stays on the board this long, then drops off. */
export const DELIVERED_VISIBLE_DAYS = 7;
/** Cards carried per substage group: more than a column shows without scrolling far. */
export const CARDS_PER_GROUP = 10;
/**
 * Cards a workshop screen's board carries per group: more than the lines a column holds on any
 * screen (about 14: its type grows with the screen), so that a column fills its room, or pages through
 * it, before it says "+ N more".
 */
export const WORKSHOP_CARDS_PER_GROUP = 30;

export function kanbanThresholds(): AgeingThresholds {
  return { amberHours: env().KANBAN_AMBER_HOURS, redHours: env().KANBAN_RED_HOURS };
}

export async function getKanbanSiteOrThrow(organisationId: string, prepSiteId: string): Promise<KanbanSite> {
  const site = await kysely()
    .selectFrom("Site")
    .select(["id", "name", "code"])
    .where("id", "=", prepSiteId)
    .where("organisationId", "=", organisationId)
    .where("isPrepSite", "=", true)
    .executeTakeFirst();
  if (!site) throw new AppError("SITE_NOT_FOUND", `No prep site ${prepSiteId} was found.`);
  return site;
}

type JobBuilder = ExpressionBuilder<DB, "PrepJob">;
/**
 * The board's two parts, each read on its own index: the open jobs ((prepSiteId, stage, substage,
 * stageChangedAt), finishedAt null), and those finished since `since` (a range of (prepSiteId,
 * finishedAt), so that years of delivered jobs are never walked).
 */
export type KanbanPart = { finished: false } | { finished: true; since: Date };

/** The search as typed, matched anywhere in VIN (spaces ignored), VRM, make or model. */
function matchesSearch(eb: JobBuilder, search: string | undefined) {
  const text = search?.trim();
  if (!text) return eb.val(true);
  const contains = (value: string) => `%${value.replace(/[\\%_]/g, "\\$&")}%`;
  return eb.or([
    eb("vin", "ilike", contains(text.replace(/\s+/g, ""))),
    eb("vrm", "ilike", contains(text)),
    eb("make", "ilike", contains(text)),
    eb("model", "ilike", contains(text)),
  ]);
}

function jobsOf(organisationId: string, prepSiteId: string, part: KanbanPart, search: string | undefined) {
  return kysely()
    .selectFrom("PrepJob")
    .where("organisationId", "=", organisationId)
    .where("prepSiteId", "=", prepSiteId)
    .where((eb) => (part.finished ? eb("finishedAt", ">=", part.since) : eb("finishedAt", "is", null)))
    .where((eb) => matchesSearch(eb, search));
}

/** Every group's count in one part of the board (a statement; bench/scale/explain-kanban.ts). */
export function kanbanCountsQuery(
  organisationId: string,
  prepSiteId: string,
  part: KanbanPart,
  search: string | undefined,
) {
  return jobsOf(organisationId, prepSiteId, part, search)
    .select(["stage", "substage", (eb) => eb.fn.countAll<string>().as("count")])
    .groupBy(["stage", "substage"]);
}

/** The oldest `limit` jobs of one group in one part of the board (a statement). */
export function kanbanOldestQuery(
  organisationId: string,
  prepSiteId: string,
  part: KanbanPart,
  search: string | undefined,
  { stage, substage }: PrepJobPosition,
  limit: number,
) {
  return jobsOf(organisationId, prepSiteId, part, search)
    .select([
      "id",
      "vin",
      "vrm",
      "make",
      "model",
      "modelVariant",
      "stage",
      "substage",
      "notes",
      "stageChangedAt",
    ])
    .where("stage", "=", stage)
    .where((eb) => (substage === null ? eb("substage", "is", null) : eb("substage", "=", substage)))
    .orderBy("stageChangedAt")
    .orderBy("id")
    .limit(limit);
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
  const parts: KanbanPart[] = [
    { finished: false },
    { finished: true, since: new Date(now.getTime() - DELIVERED_VISIBLE_DAYS * 24 * 3_600_000) },
  ];
  const [settings, ...partCounts] = await Promise.all([
    getKanbanSettings(organisationId, site.id, thresholds),
    ...parts.map((part) => kanbanCountsQuery(organisationId, site.id, part, options.search).execute()),
  ]);
  const counts: Record<string, number> = {};
  // The oldest few of each group in each part: one small indexed query each.
  const oldest = await Promise.all(
    parts.flatMap((part, index) =>
      (partCounts[index] ?? []).map((group) => {
        const key = positionKey(group);
        counts[key] = (counts[key] ?? 0) + Number(group.count);
        return kanbanOldestQuery(
          organisationId,
          site.id,
          part,
          options.search,
          group,
          cardsPerGroup,
        ).execute();
      }),
    ),
  );
  // A group with jobs in both parts keeps its oldest few of the two.
  const byGroup = new Map<string, KanbanJob[]>();
  const found = oldest.flat();
  // The cards' work items in one statement (indexed by prep job), not the whole site's.
  const recon = await reconSummaries(
    kysely(),
    found.map((job) => job.id),
  );
  const cards = found.map((job) => ({
    ...job,
    stageChangedAt: job.stageChangedAt.toISOString(),
    recon: recon.get(job.id) ?? null,
  }));
  for (const job of cards) byGroup.set(positionKey(job), [...(byGroup.get(positionKey(job)) ?? []), job]);
  const jobs = [...byGroup.values()].flatMap((group) =>
    group
      .sort((a, b) => a.stageChangedAt.localeCompare(b.stageChangedAt) || a.id.localeCompare(b.id))
      .slice(0, cardsPerGroup),
  );
  return buildKanbanBoard({ site, jobs, now, thresholds, settings, counts });
}
