// The recon reports from the worker's roll-up: one vehicle's history, told hour by hour, comes out as
// its cost by site, category and make, its 48 hours from arrival to the frontline split by cause, and
// its approver's turnaround; a later change is marked by the triggers and followed by the next pass;
// another organisation sees none of it.
import { beforeAll, describe, expect, it } from "vitest";
import { newId } from "@/lib/ids";
import { reconApprovalTurnaround } from "@/lib/reports/recon-approvals";
import { reconCostByCategory, reconCostByMake, reconCostBySite } from "@/lib/reports/recon-cost";
import { reconVehicles } from "@/lib/reports/recon-vehicles";
import { reconWaitingBySite } from "@/lib/reports/recon-waiting";
import type { ReportFilters } from "@/lib/reports/report-filters";
import { refreshAllReconReports } from "@/lib/reports/rollups/recon-rollup";
import type { WorkItemState } from "@/lib/generated/prisma/enums";
import { createOrganisation, createPrepJob, createUser } from "@/prisma/factories";
import { createMovementWorld, type MovementWorld } from "@/test/movement-world";
import { setupTestDatabase } from "@/test/test-database";

const database = setupTestDatabase();
let world: MovementWorld;
let jobId: string;
let approverId: string;
const MARCH: ReportFilters = {
  from: "2031-03-01",
  to: "2031-03-31",
  siteId: null,
  area: null,
  zone: "Europe/London",
};
const at = (day: number, hour: number) => new Date(Date.UTC(2031, 2, day, hour));

type History = [day: number, hour: number, to: WorkItemState, actor?: string][];

async function addItem(
  category: "MECHANICAL" | "BODY" | "VALET",
  estimatedCents: number,
  history: History,
  actualCents: number | null = null,
) {
  const id = newId();
  const kdb = database.kysely;
  await kdb
    .insertInto("ReconWorkItem")
    .values({
      id,
      organisationId: world.organisation.id,
      prepJobId: jobId,
      category,
      description: category,
      state: history.at(-1)![2],
      currency: "GBP",
      estimatedCents,
      actualCents,
      createdBy: "user:staff",
      updatedAt: new Date(),
    })
    .execute();
  let from: WorkItemState | null = null;
  for (const [day, hour, to, actor = "user:staff"] of history) {
    await kdb
      .insertInto("ReconWorkItemStateChange")
      .values({
        id: newId(),
        workItemId: id,
        organisationId: world.organisation.id,
        prepJobId: jobId,
        fromState: from,
        toState: to,
        actor,
        at: at(day, hour),
      })
      .execute();
    from = to;
  }
  return id;
}

beforeAll(async () => {
  world = await createMovementWorld(database.prisma);
  const approver = await createUser(database.prisma, {
    organisationId: world.organisation.id,
    name: "Rita Manager",
    role: "RECON_MANAGER",
  });
  approverId = `user:${approver.email}`;
  const job = await createPrepJob(database.prisma, {
    organisationId: world.organisation.id,
    profileId: world.profile.id,
    prepSiteId: world.sites.prepCentre.id,
    stage: "OUTBOUND",
    make: "Ford",
    model: "Focus",
  });
  jobId = job.id;
  const spell = {
    prepJobId: jobId,
    organisationId: world.organisation.id,
    prepSiteId: world.sites.prepCentre.id,
  };
  await database.kysely
    .insertInto("PrepJobStageSpell")
    .values([
      { ...spell, businessArea: "Retail", stage: "ARRIVED", enteredAt: at(3, 8), leftAt: at(4, 8) },
      { ...spell, businessArea: "Retail", stage: "APPRAISED", enteredAt: at(4, 8), leftAt: at(5, 8) },
      { ...spell, businessArea: "Retail", stage: "OUTBOUND", enteredAt: at(5, 8) },
    ])
    .execute();
  await addItem(
    "MECHANICAL",
    10_000,
    [
      [3, 9, "PROPOSED"],
      [3, 10, "AWAITING_APPROVAL"],
      [3, 14, "APPROVED", approverId],
      [3, 16, "IN_PROGRESS"],
      [3, 18, "WAITING_PARTS"],
      [4, 18, "IN_PROGRESS"],
      [4, 20, "DONE"],
    ],
    12_000,
  );
  await addItem("BODY", 5_000, [
    [3, 9, "PROPOSED"],
    [3, 10, "AWAITING_APPROVAL"],
    [3, 12, "DECLINED", approverId],
  ]);
  await addItem(
    "VALET",
    2_000,
    [
      [3, 9, "PROPOSED"],
      [3, 10, "AWAITING_APPROVAL"],
      [3, 10, "APPROVED", "system:auto-approve"],
      [5, 6, "IN_PROGRESS"],
      [5, 7, "DONE"],
    ],
    2_000,
  );
  expect(await refreshAllReconReports(database.kysely)).toBe(1);
});

describe("the recon reports", () => {
  it("split the 48 hours from arrival to the frontline by cause (elapsed: the site keeps no hours)", async () => {
    const [row] = await reconWaitingBySite(database.kysely, world.organisation.id, MARCH);
    expect(row).toMatchObject({
      site: { id: world.sites.prepCentre.id, workingHours: false },
      vehicles: 1,
      // Idle: before the items, proposed, approved but not started, between items; work beats waiting.
      hours: { approval: 4, parts: 24, sublet: 0, work: 5, idle: 15 },
    });
  });

  it("cost the vehicle by site, category and make: estimated against actual for the items done", async () => {
    const [site] = await reconCostBySite(database.kysely, world.organisation.id, MARCH);
    expect(site).toMatchObject({
      currencyCode: "GBP",
      vehicles: 1,
      items: 3,
      done: 2,
      estimatedCents: 12_000,
      doneEstimatedCents: 12_000,
      actualCents: 14_000,
      actualPerVehicleCents: 14_000,
      differencePercent: 16.7,
      declinedPercent: 29.4,
    });
    const categories = await reconCostByCategory(database.kysely, world.organisation.id, MARCH);
    // One vehicle in each category; three category rows, yet one vehicle per site and make.
    expect(categories.map((row) => row.vehicles)).toEqual([1, 1, 1]);
    expect(categories.map((row) => [row.category, row.done, row.actualCents, row.declinedPercent])).toEqual([
      ["MECHANICAL", 1, 12_000, 0],
      ["BODY", 0, 0, 100],
      ["VALET", 1, 2_000, 0],
    ]);
    const [make] = await reconCostByMake(database.kysely, world.organisation.id, MARCH);
    expect(make).toMatchObject({ make: "Ford", model: "Focus", vehicles: 1, actualCents: 14_000 });
  });

  it("time each approver's decisions, not the threshold's", async () => {
    expect(await reconApprovalTurnaround(database.kysely, world.organisation.id, MARCH)).toEqual([
      { approver: "Rita Manager", decisions: 2, approvedPercent: 50, medianHours: 3, p90Hours: 3.8 },
    ]);
  });

  it("list the vehicle with its cost and its hours by cause", async () => {
    const [vehicle] = await reconVehicles(database.kysely, world.organisation.id, MARCH);
    expect(vehicle).toMatchObject({
      prepJobId: jobId,
      makeModel: "Ford Focus",
      siteName: world.sites.prepCentre.name,
      frontlineAt: "2031-03-05T08:00:00.000Z",
      reachedFrontline: "5 Mar 2031, 08:00",
      currencyCode: "GBP",
      doneEstimatedCents: 12_000,
      actualCents: 14_000,
      hours: { approval: 4, parts: 24, sublet: 0, work: 5, idle: 15 },
    });
  });

  it("follow a later change: an invoice recorded after the vehicle left is marked and rolled up", async () => {
    await database.kysely
      .updateTable("ReconWorkItem")
      .set({ actualCents: 2_600 })
      .where("prepJobId", "=", jobId)
      .where("category", "=", "VALET")
      .execute();
    expect(await refreshAllReconReports(database.kysely)).toBe(1);
    const [site] = await reconCostBySite(database.kysely, world.organisation.id, MARCH);
    expect(site?.actualCents).toBe(14_600);
    const marks = await database.kysely.selectFrom("ReconReportDirtyJob").selectAll().execute();
    expect(marks).toEqual([]);
  });

  it("show another organisation nothing, and a period without the frontline nothing", async () => {
    const other = await createOrganisation(database.prisma, {});
    for (const report of [reconCostBySite, reconWaitingBySite, reconApprovalTurnaround, reconVehicles])
      expect(await report(database.kysely, other.id, MARCH)).toEqual([]);
    const april = { ...MARCH, from: "2031-04-01", to: "2031-04-30" };
    expect(await reconCostBySite(database.kysely, world.organisation.id, april)).toEqual([]);
    expect(
      await reconWaitingBySite(database.kysely, world.organisation.id, {
        ...MARCH,
        siteId: world.sites.manchester.id,
      }),
    ).toEqual([]);
  });
});
