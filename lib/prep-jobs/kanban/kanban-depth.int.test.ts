// The kanban in depth, on a real database: the finishedAt trigger, capped groups with a search that
// finds what the cap leaves out, per-site settings (WIP limits, ageing per stage, working hours), and
// the card drawer's notes and history.
import { beforeAll, describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors/app-error";
import { findCard } from "@/lib/prep-jobs/kanban/board";
import { addKanbanNote, getKanbanCardDetails } from "@/lib/prep-jobs/kanban/card-details";
import { getKanbanBoard } from "@/lib/prep-jobs/kanban/get-kanban-board";
import { moveKanbanCard } from "@/lib/prep-jobs/kanban/move-kanban-card";
import { getPrepSiteSettings, savePrepSiteSettings } from "@/lib/prep-jobs/kanban/site-settings";
import { createTenant, type Tenant } from "@/test/tenant";
import { setupTestDatabase } from "@/test/test-database";
import { addHours, createPrepJob, createSite, createUser, type PrepJobInput } from "@/prisma/factories";

const database = setupTestDatabase();
const now = new Date("2026-11-18T17:00:00.000Z"); // a Wednesday, 17:00 in London
const thresholds = { amberHours: 48, redHours: 72 };

let tenant: Tenant;
let site: { id: string };
let admin: { id: string; organisationId: string; role: "ADMIN" };
const scope = () => ({ organisationId: tenant.organisation.id, actor: "user:admin@example.test" });

function job(overrides: Partial<PrepJobInput>) {
  return createPrepJob(database.prisma, {
    organisationId: tenant.organisation.id,
    profileId: tenant.profile.id,
    prepSiteId: site.id,
    ...overrides,
  });
}

beforeAll(async () => {
  tenant = await createTenant(database.prisma);
  site = await createSite(database.prisma, {
    organisationId: tenant.organisation.id,
    isPrepSite: true,
    countryCode: "GB",
  });
  const user = await createUser(database.prisma, { organisationId: tenant.organisation.id, role: "ADMIN" });
  admin = { id: user.id, organisationId: tenant.organisation.id, role: "ADMIN" };
});

describe("finishedAt", () => {
  it("is set by the database when a job reaches Outbound · Delivered and cleared when it leaves", async () => {
    const delivered = await job({ stage: "OUTBOUND", substage: "DELIVERED", updatedAt: addHours(now, -3) });
    const open = await job({ stage: "OUTBOUND", substage: "SCHEDULED" });
    const read = (id: string) =>
      database.kysely.selectFrom("PrepJob").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect((await read(delivered.id)).finishedAt).toEqual(addHours(now, -3));
    expect((await read(open.id)).finishedAt).toBeNull();
    await database.kysely
      .updateTable("PrepJob")
      .set({ substage: "DELIVERED" })
      .where("id", "=", open.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    expect((await read(open.id)).finishedAt).not.toBeNull();
    await database.kysely
      .updateTable("PrepJob")
      .set({ stage: "APPRAISED", substage: null })
      .where("id", "=", delivered.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    expect((await read(delivered.id)).finishedAt).toBeNull();
  });
});

describe("a busy column", () => {
  it("carries the oldest cards of each group, counts them all, and a search finds the rest", async () => {
    for (let index = 0; index < 6; index++)
      await job({
        stage: "ARRIVED",
        vrm: `BZ${index} ABC`,
        make: "Skoda",
        stageChangedAt: addHours(now, -10 - index),
      });
    const board = await getKanbanBoard(tenant.organisation.id, site.id, {
      now,
      thresholds,
      cardsPerGroup: 4,
    });
    const arrived = board.columns.find((column) => column.stage === "ARRIVED")!;
    expect(arrived.count).toBe(6);
    expect(arrived.groups[0]!.cards.map((card) => card.vrm)).toEqual([
      "BZ5 ABC",
      "BZ4 ABC",
      "BZ3 ABC",
      "BZ2 ABC",
    ]);
    const found = await getKanbanBoard(tenant.organisation.id, site.id, {
      now,
      thresholds,
      cardsPerGroup: 4,
      search: "bz0",
    });
    expect(found.total).toBe(1);
    expect(found.columns[1]!.groups[0]!.cards[0]!.vrm).toBe("BZ0 ABC");
  });
});

describe("site settings", () => {
  it("gives each stage its WIP limit and thresholds, and counts only opening hours", async () => {
    expect((await getPrepSiteSettings(tenant.organisation.id, site.id)).values.openingHours).toBeNull();
    const weekday = [{ open: "08:00", close: "18:00" }];
    await savePrepSiteSettings(scope(), site.id, {
      wipLimits: { ARRIVED: 5, APPRAISED: 10 },
      ageingThresholds: { ARRIVED: { amberHours: 8, redHours: 16 } },
      openingHours: { mon: weekday, tue: weekday, wed: weekday, thu: weekday, fri: weekday },
      closedDays: ["2026-11-17"],
    });
    const board = await getKanbanBoard(tenant.organisation.id, site.id, { now, thresholds });
    const arrived = board.columns.find((column) => column.stage === "ARRIVED")!;
    expect([arrived.count, arrived.limit, arrived.wip]).toEqual([6, 5, "over"]);
    expect(board.columns.find((column) => column.stage === "APPRAISED")!.wip).toBe("ok");
    // BZ0 arrived 10 h before Wednesday 17:00: Tuesday was a closed day, so 9 working hours (08:00–17:00).
    const card = board.columns[1]!.groups[0]!.cards.find((candidate) => candidate.vrm === "BZ0 ABC");
    expect(card ?? findCard(board, "none")).toMatchObject({
      timeInStage: { label: "9 h working", working: true },
      ageing: "amber",
      ageingAfter: { amberHours: 8, redHours: 16 },
    });
  });

  it("refuses settings that do not parse, and changes nothing", async () => {
    await expect(
      savePrepSiteSettings(scope(), site.id, {
        wipLimits: { ARRIVED: 0 },
        ageingThresholds: {},
        openingHours: null,
        closedDays: [],
      }),
    ).rejects.toThrow();
    expect((await getPrepSiteSettings(tenant.organisation.id, site.id)).values.wipLimits).toEqual({
      ARRIVED: 5,
      APPRAISED: 10,
    });
  });
});

describe("the card drawer", () => {
  it("keeps notes and shows the stage changes", async () => {
    const leon = await job({ stage: "ARRIVED", vrm: "GJ21 LNF" });
    await moveKanbanCard(
      { user: admin, actor: "user:admin@example.test" },
      { id: leon.id, stage: "APPRAISED", substage: null },
    );
    await addKanbanNote(
      { user: admin, author: "admin@example.test" },
      { prepJobId: leon.id, body: "Scratch on the rear door" },
    );
    const details = await getKanbanCardDetails(admin, leon.id);
    expect(details.notes.map((note) => note.body)).toEqual(["Scratch on the rear door"]);
    expect(details.history[0]).toMatchObject({
      kind: "stage",
      text: "Moved to Appraised by admin@example.test",
    });
  });

  it("is not found for another organisation", async () => {
    const other = await createTenant(database.prisma);
    const stranger = { id: "x", organisationId: other.organisation.id, role: "ADMIN" as const };
    const leon = await job({ stage: "ARRIVED" });
    await expect(getKanbanCardDetails(stranger, leon.id)).rejects.toBeInstanceOf(AppError);
  });
});
