import { describe, expect, it } from "vitest";
import {
  buildKanbanBoard,
  findCard,
  moveCardOnBoard,
  parsePositionKey,
  positionKey,
  positionLabel,
  refreshBoardClock,
  tabletWindow,
  KANBAN_STAGES,
  type KanbanBoard,
  type KanbanJob,
} from "@/lib/prep-jobs/kanban/board";
import { filterBoard, NO_FILTER } from "@/lib/prep-jobs/kanban/board-filter";
import { manualTargets, SUBSTAGE_ORDER } from "@/lib/prep-job-stages/stage-rules";

const HOUR = 3_600_000;
const now = new Date("2026-11-21T12:00:00.000Z");
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * HOUR).toISOString();
const site = { id: "site-1", name: "Warrington Prep Centre", code: "WRT1" };
const thresholds = { amberHours: 48, redHours: 72 };

function job(id: string, overrides: Partial<KanbanJob>): KanbanJob {
  return {
    id,
    vin: `VIN${id}`,
    vrm: null,
    make: "Ford",
    model: "Focus",
    modelVariant: null,
    stage: "ARRIVED",
    substage: null,
    notes: null,
    stageChangedAt: hoursAgo(1),
    recon: null,
    ...overrides,
  };
}

function board(jobs: KanbanJob[]): KanbanBoard {
  return buildKanbanBoard({ site, jobs, now, thresholds });
}

describe("the kanban board", () => {
  it("has the four stage columns with substage groups and counts", () => {
    const result = board([
      job("a", { stage: "INBOUND", substage: "SCHEDULED" }),
      job("b", { stage: "INBOUND", substage: "DELIVERED" }),
      job("c", { stage: "ARRIVED" }),
      job("d", { stage: "OUTBOUND", substage: "PENDING_MOVEMENT_REQUEST" }),
      job("e", { stage: "OUTBOUND", substage: "PENDING_MOVEMENT_REQUEST" }),
    ]);
    expect(result.total).toBe(5);
    expect(result.columns.map((column) => [column.stage, column.count])).toEqual([
      ["INBOUND", 2],
      ["ARRIVED", 1],
      ["APPRAISED", 0],
      ["OUTBOUND", 2],
    ]);
    expect(result.columns[0]!.groups.map((group) => [group.substage, group.count])).toEqual([
      ["PENDING_MOVEMENT_REQUEST", 0],
      ["SCHEDULED", 1],
      ["DELIVERED", 1],
    ]);
    expect(result.columns[1]!.groups.map((group) => group.substage)).toEqual([null]);
  });

  it("gives an unusual substage a group of its own rather than losing the card", () => {
    const result = board([job("a", { stage: "INBOUND", substage: null })]);
    expect(result.columns[0]!.groups.at(-1)).toMatchObject({ substage: null, count: 1 });
  });

  it("puts the longest waiting first and computes time in stage and ageing against now", () => {
    const result = board([
      job("fresh", { stageChangedAt: hoursAgo(1) }),
      job("red", { stageChangedAt: hoursAgo(80) }),
      job("amber", { stageChangedAt: hoursAgo(50) }),
    ]);
    const cards = result.columns[1]!.groups[0]!.cards;
    expect(cards.map((card) => [card.id, card.ageing, card.timeInStage.label])).toEqual([
      ["red", "red", "3 d 8 h"],
      ["amber", "amber", "2 d 2 h"],
      ["fresh", "ok", "1 h"],
    ]);
  });

  it("does not age a vehicle that has left", () => {
    const result = board([
      job("gone", { stage: "OUTBOUND", substage: "DELIVERED", stageChangedAt: hoursAgo(90) }),
    ]);
    expect(findCard(result, "gone")?.ageing).toBe("done");
  });

  it("moves a card optimistically: the stage change resets time in stage, a substage change does not", () => {
    const before = board([
      job("a", { stage: "ARRIVED", stageChangedAt: hoursAgo(60) }),
      job("b", { stage: "OUTBOUND", substage: "SCHEDULED", stageChangedAt: hoursAgo(60) }),
    ]);
    const later = new Date(now.getTime() + 60_000);
    const moved = moveCardOnBoard(before, "a", { stage: "APPRAISED", substage: null }, later);
    expect(moved.columns.map((column) => column.count)).toEqual([0, 0, 1, 1]);
    expect(findCard(moved, "a")).toMatchObject({
      stage: "APPRAISED",
      stageChangedAt: later.toISOString(),
      ageing: "ok",
    });
    const resubstaged = moveCardOnBoard(
      before,
      "b",
      { stage: "OUTBOUND", substage: "PENDING_MOVEMENT_REQUEST" },
      later,
    );
    expect(findCard(resubstaged, "b")?.stageChangedAt).toBe(hoursAgo(60));
    // The original is untouched: it is the rollback.
    expect(findCard(before, "a")?.stage).toBe("ARRIVED");
  });

  it("ages cards as the clock moves on", () => {
    const result = refreshBoardClock(
      board([job("a", { stageChangedAt: hoursAgo(47) })]),
      new Date(now.getTime() + 2 * HOUR),
    );
    expect(findCard(result, "a")?.ageing).toBe("amber");
  });

  it("names positions for people and for drop zones", () => {
    expect(positionLabel({ stage: "OUTBOUND", substage: "PENDING_MOVEMENT_REQUEST" })).toBe(
      "Outbound · Awaiting movement",
    );
    expect(positionKey({ stage: "ARRIVED", substage: null })).toBe("ARRIVED");
    expect(parsePositionKey("OUTBOUND/SCHEDULED")).toEqual({ stage: "OUTBOUND", substage: "SCHEDULED" });
    expect(parsePositionKey("ARRIVED")).toEqual({ stage: "ARRIVED", substage: null });
    expect(parsePositionKey("NOPE")).toBeUndefined();
    expect(parsePositionKey("ARRIVED/NOPE")).toBeUndefined();
  });
});

describe("the kanban's recon filter", () => {
  const recon = (waitingFor: "APPROVAL" | "PARTS" | "SUBLET" | null) => ({
    items: 2,
    done: 1,
    estimatedCost: 45_000,
    actualCost: 0,
    currency: "GBP",
    waitingFor,
  });
  const jobs = [
    job("approval", { recon: recon("APPROVAL") }),
    job("parts", { recon: recon("PARTS") }),
    job("working", { recon: recon(null) }),
    job("none", {}),
  ];
  const shown = (waiting: "APPROVAL" | "PARTS" | "SUBLET" | "all") =>
    filterBoard(board(jobs), { ...NO_FILTER, waiting }).columns.flatMap((column) =>
      column.groups.flatMap((group) => group.cards.map((card) => card.id)),
    );

  it("shows the jobs whose work items wait for the cause chosen, and counts them", () => {
    expect(shown("APPROVAL")).toEqual(["approval"]);
    expect(shown("PARTS")).toEqual(["parts"]);
    expect(shown("SUBLET")).toEqual([]);
    expect(shown("all").sort()).toEqual(["approval", "none", "parts", "working"]);
    expect(filterBoard(board(jobs), { ...NO_FILTER, waiting: "PARTS" }).total).toBe(1);
  });
});

describe("tabletWindow", () => {
  it("shows the chosen stage and the next, the last one with the one before it", () => {
    expect(tabletWindow("INBOUND")).toEqual(["INBOUND", "ARRIVED"]);
    expect(tabletWindow("ARRIVED")).toEqual(["ARRIVED", "APPRAISED"]);
    expect(tabletWindow("APPRAISED")).toEqual(["APPRAISED", "OUTBOUND"]);
    expect(tabletWindow("OUTBOUND")).toEqual(["APPRAISED", "OUTBOUND"]);
  });

  it("has a window holding both ends of every move a card can be dragged through", () => {
    const positions = KANBAN_STAGES.flatMap((stage) =>
      [null, ...SUBSTAGE_ORDER].map((substage) => ({ stage, substage })),
    );
    const moves = positions.flatMap((from) =>
      manualTargets(from).map((to) => ({ from: from.stage, to: to.stage })),
    );
    expect(moves.length).toBeGreaterThan(0);
    for (const { from, to } of moves) {
      const shown = KANBAN_STAGES.some((stage) =>
        [from, to].every((end) => tabletWindow(stage).includes(end)),
      );
      expect(shown, `${from} → ${to}`).toBe(true);
    }
  });
});
