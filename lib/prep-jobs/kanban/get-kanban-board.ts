// The kanban of one prep site: its prep jobs in stage columns, grouped by substage, with counts, time
// in stage and ageing computed against `now`. Organisation-scoped: another organisation's site, or a
// site that is no prep site, is SITE_NOT_FOUND.
import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors/app-error";
import type { AgeingThresholds } from "@/lib/prep-jobs/kanban/ageing";
import { buildKanbanBoard, type KanbanBoard, type KanbanSite } from "@/lib/prep-jobs/kanban/board";

/** A vehicle that has left the prep site stays on the board this long, then drops off. */
export const DELIVERED_VISIBLE_DAYS = 7;

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

export async function getKanbanBoard(
  organisationId: string,
  prepSiteId: string,
  options: { now?: Date; thresholds?: AgeingThresholds } = {},
): Promise<KanbanBoard> {
  const now = options.now ?? new Date();
  const site = await getKanbanSiteOrThrow(organisationId, prepSiteId);
  const deliveredSince = new Date(now.getTime() - DELIVERED_VISIBLE_DAYS * 24 * 3_600_000);
  const jobs = await db().prepJob.findMany({
    where: {
      organisationId,
      prepSiteId: site.id,
      NOT: { stage: "OUTBOUND", substage: "DELIVERED", updatedAt: { lt: deliveredSince } },
    },
    select: {
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
    },
  });
  return buildKanbanBoard({
    site,
    jobs: jobs.map((job) => ({ ...job, stageChangedAt: job.stageChangedAt.toISOString() })),
    now,
    thresholds: options.thresholds ?? kanbanThresholds(),
  });
}
