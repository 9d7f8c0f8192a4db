// The drawer's inspection and editing (issue 37 §1–2): staff inspect only jobs of the prep sites their
// board offers; the drawer's details carry the site's checklist, the latest inspection and, for admins,
// where the checklist is edited; an edit follows lib/recon's rules and a stale one says so in words.
import { beforeAll, describe, expect, it } from "vitest";
import type { UserRole } from "@/lib/generated/prisma/enums";
import { getKanbanCardDetails } from "@/lib/prep-jobs/kanban/card-details";
import {
  addCardWorkItem,
  editCardWorkItem,
  inspectCardJob,
  moveCardWorkItem,
  type CardStaff,
} from "@/lib/prep-jobs/kanban/card-work-items";
import { getInspectionChecklist, saveInspectionChecklist } from "@/lib/recon/inspection-checklist";
import { reconActorOfStaff } from "@/lib/recon/recon-actor";
import { saveReconSiteSettings } from "@/lib/recon/recon-settings";
import { createPrepJob, createSite, createUser } from "@/prisma/factories";
import { countRows } from "@/test/count-rows";
import { createTenant, type Tenant } from "@/test/tenant";
import { setupTestDatabase } from "@/test/test-database";

const database = setupTestDatabase();

let tenant: Tenant;
let prep: CardStaff;
let admin: CardStaff;
let hereId: string;
let elsewhereId: string;

async function staffOf(role: UserRole, prepSiteIds: string[] = []): Promise<CardStaff> {
  const organisationId = tenant.organisation.id;
  const user = await createUser(database.prisma, { organisationId, role, prepSiteIds });
  return {
    user: { id: user.id, organisationId, role },
    recon: reconActorOfStaff({ organisationId, actor: `user:${user.email}`, user: { role } }),
  };
}

const job = (prepSiteId: string) =>
  createPrepJob(database.prisma, {
    organisationId: tenant.organisation.id,
    profileId: tenant.profile.id,
    prepSiteId,
  });

beforeAll(async () => {
  tenant = await createTenant(database.prisma);
  const organisationId = tenant.organisation.id;
  const site = (name: string) => createSite(database.prisma, { organisationId, name, isPrepSite: true });
  [hereId, elsewhereId] = [(await site("Prep Here")).id, (await site("Prep Elsewhere")).id];
  const scope = { organisationId, actor: "user:admin@example.test" };
  await saveReconSiteSettings(scope, hereId, {
    labourRateCents: 6_000,
    currency: "GBP",
    autoApproveBelowCents: 0,
    outboundWithOpenItems: "WARN_AND_RECORD",
  });
  for (const siteId of [hereId, elsewhereId]) {
    await saveInspectionChecklist(scope, siteId, {
      checks: [
        { label: "Tyre tread ≥ 3 mm", category: "TYRES" },
        { label: "Windscreen free of chips", category: "GLASS" },
      ],
    });
  }
  prep = await staffOf("PREP_STAFF", [hereId]);
  admin = await staffOf("ADMIN");
});

async function failAll(siteId: string) {
  const checks = await getInspectionChecklist(tenant.organisation.id, siteId);
  return { results: checks.map((check) => ({ checkId: check.id, passed: false })) };
}

describe("inspecting from the drawer", () => {
  it("proposes the failed checks' items, and the details show the checklist and the inspection", async () => {
    const here = await job(hereId);
    const before = await getKanbanCardDetails(prep.user, here.id);
    expect(before.recon.checklist.map((check) => check.label)).toEqual([
      "Tyre tread ≥ 3 mm",
      "Windscreen free of chips",
    ]);
    expect(before.recon.lastInspection).toBeNull();
    expect(before.recon.checklistSettingsHref).toBeNull();
    expect((await getKanbanCardDetails(admin.user, here.id)).recon.checklistSettingsHref).toBe(
      `/prep-jobs/settings?site=${hereId}`,
    );

    const outcome = await inspectCardJob(prep, here.id, await failAll(hereId));
    expect(outcome.workItems.map((item) => [item.category, item.state])).toEqual([
      ["TYRES", "PROPOSED"],
      ["GLASS", "PROPOSED"],
    ]);
    const after = await getKanbanCardDetails(prep.user, here.id);
    expect(after.recon.items).toHaveLength(2);
    expect(after.recon.lastInspection).toMatchObject({ checks: 2, failed: 2, inspectedBy: prep.recon.actor });
  });

  it("finds no job of a prep site the user's board does not offer, and records nothing", async () => {
    const elsewhere = await job(elsewhereId);
    await expect(inspectCardJob(prep, elsewhere.id, await failAll(elsewhereId))).rejects.toMatchObject({
      code: "PREP_JOB_NOT_FOUND",
    });
    expect(
      await countRows(database.kysely, "ReconInspection", (query) =>
        query.where("prepJobId", "=", elsewhere.id),
      ),
    ).toBe(0);
    // An admin's board offers every prep site.
    await expect(inspectCardJob(admin, elsewhere.id, await failAll(elsewhereId))).resolves.toBeDefined();
  });
});

describe("editing from the drawer", () => {
  it("estimates a proposed item, and says in words when another tablet changed it first", async () => {
    const here = await job(hereId);
    const item = await addCardWorkItem(prep, here.id, {
      category: "TYRES",
      description: "Tyre tread ≥ 3 mm",
      estimate: [],
    });
    const ref = { prepJobId: here.id, itemId: item.id };
    const edited = await editCardWorkItem(prep, ref, {
      description: "Two rear tyres",
      estimate: [
        { kind: "PARTS", description: "2 tyres", amountCents: 18_000 },
        { kind: "LABOUR", description: "Fit", hours: 0.5 },
      ],
      version: item.version,
    });
    expect(edited).toMatchObject({ description: "Two rear tyres", estimatedCents: 21_000, version: 2 });
    await expect(
      editCardWorkItem(prep, ref, { category: "BODY", version: item.version }),
    ).rejects.toMatchObject({
      code: "VERSION_CONFLICT",
      message: expect.stringMatching(/^Someone changed/),
      // On the version field: the drawer tells a stale edit by it.
      errors: [{ path: "version", message: expect.stringMatching(/^Someone changed/) }],
    });

    // Approved: its estimate is fixed, its description is not.
    const approved = await moveCardWorkItem(admin, ref, { to: "AWAITING_APPROVAL" }).then(() =>
      moveCardWorkItem(admin, ref, { to: "APPROVED" }),
    );
    await expect(
      editCardWorkItem(prep, ref, { estimate: [], version: approved.version }),
    ).rejects.toMatchObject({ code: "INVALID_STATUS_TRANSITION" });
    await expect(
      editCardWorkItem(prep, ref, { description: "Two rear tyres, 225/45", version: approved.version }),
    ).resolves.toMatchObject({ description: "Two rear tyres, 225/45", estimatedCents: 21_000 });
  });

  it("finds no item on a job of a site the user's board does not offer", async () => {
    const elsewhere = await job(elsewhereId);
    await expect(
      editCardWorkItem(prep, { prepJobId: elsewhere.id, itemId: "x" }, { description: "Mine now" }),
    ).rejects.toMatchObject({ code: "PREP_JOB_NOT_FOUND" });
  });
});
