// The kanban's shape: four stage columns, each grouped by substage, with counts. Pure and safe in
// client components (it imports the stage rules, which import only AppError), so the server builds
// the board and the browser rebuilds it for an optimistic move from the same code.
import type { PrepJobStage as Stage, PrepJobSubstage as Substage } from "@/lib/generated/prisma/enums";
import {
  ageingLevel,
  formatDuration,
  formatDurationLong,
  formatDurationToTheHour,
  timeInStageMs,
  type AgeingLevel,
  type AgeingThresholds,
} from "@/lib/prep-jobs/kanban/ageing";
import { wipState, type KanbanSettings, type WipState } from "@/lib/prep-jobs/kanban/kanban-settings";
import { workingMsBetween } from "@/lib/prep-jobs/kanban/working-hours";
import type { ReconSummary } from "@/lib/recon/schemas";
import {
  isFinished,
  samePosition,
  STAGE_ORDER,
  SUBSTAGE_ORDER,
  type PrepJobPosition,
} from "@/lib/prep-job-stages/stage-rules";

export { samePosition };

export const KANBAN_STAGES = STAGE_ORDER;

/**
 * The two neighbouring stages a tablet shows: the chosen one and the next (the last stage with the one
 * before it). Every manual move is between neighbours, so one of the three windows holds both ends.
 */
export function tabletWindow(stage: Stage): readonly Stage[] {
  const start = Math.min(Math.max(KANBAN_STAGES.indexOf(stage), 0), KANBAN_STAGES.length - 2);
  return KANBAN_STAGES.slice(start, start + 2);
}

/** Substage groups always shown in a column, in workflow order (a drop zone even when empty). */
const STAGE_GROUPS: Record<Stage, (Substage | null)[]> = {
  INBOUND: [...SUBSTAGE_ORDER],
  ARRIVED: [null],
  APPRAISED: [null],
  OUTBOUND: [...SUBSTAGE_ORDER],
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
  /** Its work items at a glance (lib/recon/recon-summary.ts); null: it has none. */
  recon: ReconSummary | null;
};

export type KanbanCard = KanbanJob & {
  /** `working`: only the site's open hours were counted (working-hours ageing). */
  timeInStage: {
    ms: number;
    label: string;
    /** The duration alone, to the hour ("1 d 10 h", "5 h"), for a workshop screen's one-line row. */
    short: string;
    spoken: string;
    working: boolean;
  };
  ageing: AgeingLevel;
  /** The thresholds of the card's stage at its site. */
  ageingAfter: AgeingThresholds;
};

/** `count` is every job in the group; `cards` the oldest of them, capped (see getKanbanBoard). */
export type KanbanGroup = { substage: Substage | null; label: string; count: number; cards: KanbanCard[] };

export type KanbanColumn = {
  stage: Stage;
  label: string;
  count: number;
  /** The site's WIP limit for the stage, if it has one; `wip` says how the count stands against it. */
  limit: number | null;
  wip: WipState;
  groups: KanbanGroup[];
};

export type KanbanSite = { id: string; name: string; code: string };

export type KanbanBoard = {
  site: KanbanSite;
  /** The global default thresholds (a stage's own are in settings.thresholds). */
  thresholds: AgeingThresholds;
  settings: KanbanSettings;
  /** The instant time in stage was computed against. */
  now: string;
  total: number;
  columns: KanbanColumn[];
};

/** Every stage with the same thresholds, no WIP limit, counted round the clock. */
export function defaultKanbanSettings(thresholds: AgeingThresholds): KanbanSettings {
  const stages = Object.fromEntries(KANBAN_STAGES.map((stage) => [stage, thresholds]));
  return { wipLimits: {}, thresholds: stages as KanbanSettings["thresholds"], schedule: null };
}

export function toKanbanCard(job: KanbanJob, now: Date, settings: KanbanSettings): KanbanCard {
  const { schedule } = settings;
  const ms = schedule
    ? workingMsBetween(new Date(job.stageChangedAt), now, schedule)
    : timeInStageMs(job.stageChangedAt, now);
  const done = isFinished(job);
  const ageingAfter = settings.thresholds[job.stage];
  const working = schedule !== null;
  return {
    ...job,
    timeInStage: {
      ms,
      label: `${formatDuration(ms)}${working ? " working" : ""}`,
      short: formatDurationToTheHour(ms),
      spoken: `${formatDurationLong(ms)}${working ? " of working time" : ""}`,
      working,
    },
    ageing: done ? "done" : ageingLevel(ms, ageingAfter),
    ageingAfter,
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
  settings?: KanbanSettings;
  /** Every job per position (positionKey), when `jobs` holds only the oldest few of each. */
  counts?: Record<string, number>;
}): KanbanBoard {
  const { now, thresholds } = input;
  const settings = input.settings ?? defaultKanbanSettings(thresholds);
  const jobs = [...input.jobs].sort(byTimeInStage);
  const columns = KANBAN_STAGES.map((stage): KanbanColumn => {
    const inStage = jobs.filter((job) => job.stage === stage);
    // A substage the column does not normally show (data from elsewhere) still gets its group.
    const substages = [...STAGE_GROUPS[stage]];
    for (const job of inStage) if (!substages.includes(job.substage)) substages.push(job.substage);
    for (const key of Object.keys(input.counts ?? {})) {
      const position = parsePositionKey(key);
      if (position?.stage === stage && !substages.includes(position.substage))
        substages.push(position.substage);
    }
    const groups = substages.map((substage): KanbanGroup => {
      const cards = inStage
        .filter((job) => job.substage === substage)
        .map((job) => toKanbanCard(job, now, settings));
      const count = input.counts?.[positionKey({ stage, substage })] ?? cards.length;
      return { substage, label: substageLabel(substage), count: Math.max(count, cards.length), cards };
    });
    const count = groups.reduce((sum, group) => sum + group.count, 0);
    const limit = settings.wipLimits[stage] ?? null;
    return {
      stage,
      label: STAGE_LABELS[stage],
      count,
      limit,
      wip: wipState(count, limit ?? undefined),
      groups,
    };
  });
  return {
    site: input.site,
    thresholds,
    settings,
    now: now.toISOString(),
    total: columns.reduce((sum, column) => sum + column.count, 0),
    columns,
  };
}

export function boardJobs(board: KanbanBoard): KanbanJob[] {
  return board.columns.flatMap((column) =>
    column.groups.flatMap((group) =>
      group.cards.map(
        ({ timeInStage: _timeInStage, ageing: _ageing, ageingAfter: _ageingAfter, ...job }): KanbanJob => job,
      ),
    ),
  );
}

/** Every job per position, including those the board does not carry as cards. */
export function boardCounts(board: KanbanBoard): Record<string, number> {
  return Object.fromEntries(
    board.columns.flatMap((column) =>
      column.groups.map((group) => [
        positionKey({ stage: column.stage, substage: group.substage }),
        group.count,
      ]),
    ),
  );
}

/** The same board rebuilt from (changed) jobs and counts, with time in stage against `now`. */
function rebuild(
  board: KanbanBoard,
  jobs: KanbanJob[],
  now: Date,
  counts: Record<string, number>,
): KanbanBoard {
  return buildKanbanBoard({
    site: board.site,
    jobs,
    now,
    thresholds: board.thresholds,
    settings: board.settings,
    counts,
  });
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
  const card = findCard(board, id);
  if (!card) return board;
  const counts = boardCounts(board);
  const from = positionKey(card);
  counts[from] = Math.max(0, (counts[from] ?? 1) - 1);
  counts[positionKey(to)] = (counts[positionKey(to)] ?? 0) + 1;
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
  return rebuild(board, jobs, now, counts);
}

/** The same board with time in stage and ageing recomputed for `now` (the board's clock ticks). */
export function refreshBoardClock(board: KanbanBoard, now: Date): KanbanBoard {
  return rebuild(board, boardJobs(board), now, boardCounts(board));
}

/** "Cupra Formentor", or the VRM, or the VIN: how a card is named in messages. */
export function vehicleName(job: Pick<KanbanJob, "make" | "model" | "vrm" | "vin">): string {
  const name = [job.make, job.model].filter(Boolean).join(" ");
  const plate = job.vrm ?? job.vin;
  return name ? `${name} (${plate})` : plate;
}
