// The kanban's shape: four stage columns, each grouped by substage, with counts. Pure and safe in
// client components (it imports the stage rules, which import only AppError), so the server builds
// the board and the browser rebuilds it for an optimistic move from the same code.
import type { PrepJobStage as Stage, PrepJobSubstage as Substage } from "@/lib/generated/prisma/enums";
import {
  ageingLevel,
  formatDuration,
  formatDurationLong,
  timeInStageMs,
  type AgeingLevel,
  type AgeingThresholds,
} from "@/lib/prep-jobs/kanban/ageing";
import type { PrepJobPosition } from "@/lib/prep-jobs/stage-rules";

export const KANBAN_STAGES = ["INBOUND", "ARRIVED", "APPRAISED", "OUTBOUND"] as const satisfies Stage[];

/** Substage groups always shown in a column, in workflow order (a drop zone even when empty). */
const STAGE_GROUPS: Record<Stage, (Substage | null)[]> = {
  INBOUND: ["PENDING_MOVEMENT_REQUEST", "SCHEDULED", "DELIVERED"],
  ARRIVED: [null],
  APPRAISED: [null],
  OUTBOUND: ["PENDING_MOVEMENT_REQUEST", "SCHEDULED", "DELIVERED"],
};

const STAGE_LABELS: Record<Stage, string> = {
  INBOUND: "Inbound",
  ARRIVED: "Arrived",
  APPRAISED: "Appraised",
  OUTBOUND: "Outbound",
};

const SUBSTAGE_LABELS: Record<Substage, string> = {
  PENDING_MOVEMENT_REQUEST: "Awaiting movement",
  SCHEDULED: "Scheduled",
  DELIVERED: "Delivered",
};

export function stageLabel(stage: Stage): string {
  return STAGE_LABELS[stage];
}

export function substageLabel(substage: Substage | null): string {
  return substage ? SUBSTAGE_LABELS[substage] : "No substage";
}

/** "Outbound · Awaiting movement", "Arrived". */
export function positionLabel(position: PrepJobPosition): string {
  return position.substage
    ? `${STAGE_LABELS[position.stage]} · ${SUBSTAGE_LABELS[position.substage]}`
    : STAGE_LABELS[position.stage];
}

/** A stable key for a position ("OUTBOUND/PENDING_MOVEMENT_REQUEST", "ARRIVED"): drop-zone ids. */
export function positionKey(position: PrepJobPosition): string {
  return position.substage ? `${position.stage}/${position.substage}` : position.stage;
}

export function parsePositionKey(key: string): PrepJobPosition | undefined {
  const [stage, substage] = key.split("/");
  if (!KANBAN_STAGES.includes(stage as Stage)) return undefined;
  if (substage !== undefined && !(substage in SUBSTAGE_LABELS)) return undefined;
  return { stage: stage as Stage, substage: (substage as Substage | undefined) ?? null };
}

export function samePosition(a: PrepJobPosition, b: PrepJobPosition): boolean {
  return a.stage === b.stage && a.substage === b.substage;
}

/** What the board shows of a prep job (no profile, creator or collection site). */
export type KanbanJob = {
  id: string;
  vin: string;
  vrm: string | null;
  make: string | null;
  model: string | null;
  modelVariant: string | null;
  stage: Stage;
  substage: Substage | null;
  notes: string | null;
  /** ISO instant of the last stage change: "time in stage" counts from here, not from any update. */
  stageChangedAt: string;
};

export type KanbanCard = KanbanJob & {
  timeInStage: { ms: number; label: string; spoken: string };
  ageing: AgeingLevel;
};

export type KanbanGroup = { substage: Substage | null; label: string; count: number; cards: KanbanCard[] };

export type KanbanColumn = { stage: Stage; label: string; count: number; groups: KanbanGroup[] };

export type KanbanSite = { id: string; name: string; code: string };

export type KanbanBoard = {
  site: KanbanSite;
  thresholds: AgeingThresholds;
  /** The instant time in stage was computed against. */
  now: string;
  total: number;
  columns: KanbanColumn[];
};

export function toKanbanCard(job: KanbanJob, now: Date, thresholds: AgeingThresholds): KanbanCard {
  const ms = timeInStageMs(job.stageChangedAt, now);
  const done = job.stage === "OUTBOUND" && job.substage === "DELIVERED";
  return {
    ...job,
    timeInStage: { ms, label: formatDuration(ms), spoken: formatDurationLong(ms) },
    ageing: done ? "done" : ageingLevel(ms, thresholds),
  };
}

/** Longest in stage first: the vehicle that has waited longest is at the top of its group. */
function byTimeInStage(a: KanbanJob, b: KanbanJob): number {
  return a.stageChangedAt.localeCompare(b.stageChangedAt) || a.id.localeCompare(b.id);
}

export function buildKanbanBoard(input: {
  site: KanbanSite;
  jobs: KanbanJob[];
  now: Date;
  thresholds: AgeingThresholds;
}): KanbanBoard {
  const { now, thresholds } = input;
  const jobs = [...input.jobs].sort(byTimeInStage);
  const columns = KANBAN_STAGES.map((stage): KanbanColumn => {
    const inStage = jobs.filter((job) => job.stage === stage);
    // A substage the column does not normally show (data from elsewhere) still gets its group.
    const substages = [...STAGE_GROUPS[stage]];
    for (const job of inStage) if (!substages.includes(job.substage)) substages.push(job.substage);
    const groups = substages.map((substage): KanbanGroup => {
      const cards = inStage
        .filter((job) => job.substage === substage)
        .map((job) => toKanbanCard(job, now, thresholds));
      return { substage, label: substageLabel(substage), count: cards.length, cards };
    });
    return { stage, label: STAGE_LABELS[stage], count: inStage.length, groups };
  });
  return {
    site: input.site,
    thresholds,
    now: now.toISOString(),
    total: jobs.length,
    columns,
  };
}

export function boardJobs(board: KanbanBoard): KanbanJob[] {
  return board.columns.flatMap((column) =>
    column.groups.flatMap((group) =>
      group.cards.map(({ timeInStage: _timeInStage, ageing: _ageing, ...job }): KanbanJob => job),
    ),
  );
}

export function findCard(board: KanbanBoard, id: string): KanbanCard | undefined {
  for (const column of board.columns)
    for (const group of column.groups) {
      const card = group.cards.find((candidate) => candidate.id === id);
      if (card) return card;
    }
  return undefined;
}

/** The board after moving one card, as the server will record it (the optimistic update). */
export function moveCardOnBoard(board: KanbanBoard, id: string, to: PrepJobPosition, now: Date): KanbanBoard {
  const jobs = boardJobs(board).map((job) =>
    job.id === id
      ? {
          ...job,
          stage: to.stage,
          substage: to.substage,
          stageChangedAt: to.stage === job.stage ? job.stageChangedAt : now.toISOString(),
        }
      : job,
  );
  return buildKanbanBoard({ site: board.site, jobs, now, thresholds: board.thresholds });
}

/** The same board with time in stage and ageing recomputed for `now` (the board's clock ticks). */
export function refreshBoardClock(board: KanbanBoard, now: Date): KanbanBoard {
  return buildKanbanBoard({ site: board.site, jobs: boardJobs(board), now, thresholds: board.thresholds });
}

/** "Cupra Formentor", or the VRM, or the VIN: how a card is named in messages. */
export function vehicleName(job: Pick<KanbanJob, "make" | "model" | "vrm" | "vin">): string {
  const name = [job.make, job.model].filter(Boolean).join(" ");
  const plate = job.vrm ?? job.vin;
  return name ? `${name} (${plate})` : plate;
}
