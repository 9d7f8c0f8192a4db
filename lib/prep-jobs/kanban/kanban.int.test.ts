// The kanban's data: the board of a prep site (tenancy, ageing, what drops off), the sites a user's
// board offers, and moves made on it.
import { beforeAll, describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors/app-error";
import { findCard } from "@/lib/prep-jobs/kanban/board";
import { getKanbanBoard } from "@/lib/prep-jobs/kanban/get-kanban-board";
import { moveKanbanCard } from "@/lib/prep-jobs/kanban/move-kanban-card";
import { prepSitesForUser } from "@/lib/prep-jobs/kanban/prep-sites-for-user";
import { createWorkItem } from "@/lib/recon/create-work-item";
import { createTenant, type Tenant } from "@/test/tenant";
import { setupTestDatabase } from "@/test/test-database";
import { addHours, createPrepJob, createSite, createUser, type PrepJobInput } from "@/prisma/factories";

const database = setupTestDatabase();
const now = new Date("2026-11-21T12:00:00.000Z");
const thresholds = { amberHours: 48, redHours: 72 };

let tenant: Tenant;
let other: Tenant;
let siteA: { id: string };
let siteB: { id: string };
let showroom: { id: string };
let otherSite: { id: string };

function job(overrides: Partial<PrepJobInput>) {
  return createPrepJob(database.prisma, {
    organisationId: tenant.organisation.id,
    profileId: tenant.profile.id,
    prepSiteId: siteA.id,
    ...overrides,
  });
}

beforeAll(async () => {
  tenant = await createTenant(database.prisma);
  other = await createTenant(database.prisma);
  const organisationId = tenant.organisation.id;
  siteA = await createSite(database.prisma, { organisationId, isPrepSite: true, name: "B Prep" });
  siteB = await createSite(database.prisma, { organisationId, isPrepSite: true, name: "A Prep" });
  showroom = await createSite(database.prisma, { organisationId, isPrepSite: false });
  otherSite = await createSite(database.prisma, { organisationId: other.organisation.id, isPrepSite: true });
});

describe("getKanbanBoard", () => {
  it("shows the site's jobs by stage and substage, with time in stage from the last stage change", async () => {
    const arrived = await job({
      stage: "ARRIVED",
      stageChangedAt: addHours(now, -50),
      updatedAt: addHours(now, -1),
    });
    const scheduled = await job({
      stage: "INBOUND",
      substage: "SCHEDULED",
      stageChangedAt: addHours(now, -80),
    });
    await job({ stage: "APPRAISED", stageChangedAt: addHours(now, -2) });
    await job({ stage: "ARRIVED", prepSiteId: siteB.id });
    await job({ stage: "INBOUND", substage: "PENDING_MOVEMENT_REQUEST", prepSiteId: null });

    const board = await getKanbanBoard(tenant.organisation.id, siteA.id, { now, thresholds });

    expect(board.site.id).toBe(siteA.id);
    expect(board.columns.map((column) => column.count)).toEqual([1, 1, 1, 0]);
    expect(board.total).toBe(3);
    // Amber by the stage change 50 h ago, although the job was updated an hour ago.
    expect(findCard(board, arrived.id)).toMatchObject({ ageing: "amber", timeInStage: { label: "2 d 2 h" } });
    expect(findCard(board, scheduled.id)).toMatchObject({ ageing: "red", substage: "SCHEDULED" });
  });

  it("carries each card's work items at a glance: done of all, the estimate, what they wait for", async () => {
    const inspected = await job({ stage: "APPRAISED", stageChangedAt: addHours(now, -200) });
    const actor = {
      organisationId: tenant.organisation.id,
      actor: "user:fitter@example.test",
      canApprove: false,
    };
    // Proposed, not yet sent for approval: it waits for nothing yet.
    await createWorkItem(actor, inspected.id, {
      category: "BODY",
      description: "Rear bumper scuff",
      estimate: [{ kind: "SUBLET", description: "Smart repair", amountCents: 12_000 }],
    });
    const board = await getKanbanBoard(tenant.organisation.id, siteA.id, { now, thresholds });
    expect(findCard(board, inspected.id)?.recon).toEqual({
      items: 1,
      done: 0,
      estimatedCost: 12_000,
      actualCost: 0,
      currency: "GBP",
      waitingFor: null,
    });
    expect(
      board.columns
        .flatMap((column) => column.groups.flatMap((group) => group.cards))
        .filter((card) => card.id !== inspected.id && card.recon !== null),
    ).toEqual([]);
  });

  it("lets a delivered vehicle drop off a week after it left", async () => {
    const recent = await job({ stage: "OUTBOUND", substage: "DELIVERED", updatedAt: addHours(now, -24 * 6) });
    const old = await job({ stage: "OUTBOUND", substage: "DELIVERED", updatedAt: addHours(now, -24 * 8) });
    const waiting = await job({
      stage: "OUTBOUND",
      substage: "SCHEDULED",
      updatedAt: addHours(now, -24 * 30),
    });
    const board = await getKanbanBoard(tenant.organisation.id, siteA.id, { now, thresholds });
    expect(findCard(board, recent.id)?.ageing).toBe("done");
    expect(findCard(board, old.id)).toBeUndefined();
    expect(findCard(board, waiting.id)).toBeDefined();
  });

  it("never shows another organisation's site, nor a site that is no prep site", async () => {
    for (const siteId of [otherSite.id, showroom.id, "unknown"]) {
      await expect(getKanbanBoard(tenant.organisation.id, siteId, { now })).rejects.toMatchObject({
        code: "SITE_NOT_FOUND",
      });
    }
  });

  it("applies the configured thresholds", async () => {
    const young = await job({ stage: "APPRAISED", stageChangedAt: addHours(now, -3) });
    const board = await getKanbanBoard(tenant.organisation.id, siteA.id, {
      now,
      thresholds: { amberHours: 1, redHours: 2 },
    });
    expect(findCard(board, young.id)?.ageing).toBe("red");
  });
});

describe("prepSitesForUser", () => {
  it("gives a user their assigned prep sites, sorted by name", async () => {
    const user = await createUser(database.prisma, {
      organisationId: tenant.organisation.id,
      role: "PREP_STAFF",
      prepSiteIds: [siteA.id, siteB.id],
    });
    const sites = await prepSitesForUser(user);
    expect(sites.map((site) => site.id)).toEqual([siteB.id, siteA.id]);
  });

  it("gives an admin, and a user assigned to none, every prep site of the organisation", async () => {
    const admin = await createUser(database.prisma, {
      organisationId: tenant.organisation.id,
      role: "ADMIN",
      prepSiteIds: [siteA.id],
    });
    const dispatcher = await createUser(database.prisma, { organisationId: tenant.organisation.id });
    for (const user of [admin, dispatcher]) {
      expect((await prepSitesForUser(user)).map((site) => site.id).sort()).toEqual(
        [siteA.id, siteB.id].sort(),
      );
    }
  });

  it("ignores an assignment to another organisation's site or to a site that is no prep site", async () => {
    const user = await createUser(database.prisma, {
      organisationId: tenant.organisation.id,
      role: "PREP_STAFF",
      prepSiteIds: [otherSite.id, showroom.id],
    });
    expect(await prepSitesForUser(user)).toEqual([]);
  });
});

describe("moveKanbanCard", () => {
  it("moves a job of the user's site by the manual rules, and refuses anything else", async () => {
    const user = await createUser(database.prisma, {
      organisationId: tenant.organisation.id,
      role: "PREP_STAFF",
      prepSiteIds: [siteA.id],
    });
    const staff = { user, actor: `user:${user.email}` };
    const arrived = await job({ stage: "ARRIVED" });
    const moved = await moveKanbanCard(staff, { id: arrived.id, stage: "APPRAISED", substage: null });
    expect(moved.stage).toBe("APPRAISED");
    const event = await database.kysely
      .selectFrom("Event")
      .selectAll()
      .where("resourceId", "=", arrived.id)
      .where("type", "=", "prep_job.stage_changed")
      .executeTakeFirstOrThrow();
    expect(event.payload).toMatchObject({ trigger: "appraise", actor: staff.actor });

    const inbound = await job({ stage: "INBOUND", substage: "SCHEDULED" });
    const refused = moveKanbanCard(staff, {
      id: inbound.id,
      stage: "OUTBOUND",
      substage: "PENDING_MOVEMENT_REQUEST",
    });
    await expect(refused).rejects.toBeInstanceOf(AppError);
    await expect(refused).rejects.toMatchObject({ code: "INVALID_STATUS_TRANSITION" });

    // Another site's job, and another organisation's, are "not found".
    const elsewhere = await job({ stage: "ARRIVED", prepSiteId: siteB.id });
    const foreign = await createPrepJob(database.prisma, {
      organisationId: other.organisation.id,
      profileId: other.profile.id,
      prepSiteId: otherSite.id,
      stage: "ARRIVED",
    });
    for (const id of [elsewhere.id, foreign.id]) {
      await expect(moveKanbanCard(staff, { id, stage: "APPRAISED", substage: null })).rejects.toMatchObject({
        code: "PREP_JOB_NOT_FOUND",
      });
    }
    expect(
      (
        await database.kysely
          .selectFrom("PrepJob")
          .selectAll()
          .where("id", "=", foreign.id)
          .executeTakeFirstOrThrow()
      ).stage,
    ).toBe("ARRIVED");
  });
});
