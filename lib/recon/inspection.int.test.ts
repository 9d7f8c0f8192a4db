// Issue 37 §1: a prep site's inspection checklist (saved whole by an admin, validated by its one schema,
// within the organisation) and an inspection against it: the inspection recorded and one PROPOSED work
// item per failed check, with their history rows and events, in one transaction; nothing at all on bad
// answers, on another organisation's job, on a stale checklist, or when a write fails half-way.
import { beforeAll, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { sql } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import { getInspectionChecklist, saveInspectionChecklist } from "@/lib/recon/inspection-checklist";
import type { InspectionChecklistInput, InspectionInput } from "@/lib/recon/inspection-schemas";
import { reconActorOfStaff } from "@/lib/recon/recon-actor";
import { recordInspection, latestInspection } from "@/lib/recon/record-inspection";
import { saveReconSiteSettings } from "@/lib/recon/recon-settings";
import { readWorkItems } from "@/lib/recon/work-item-view";
import { createPrepJob, createSite } from "@/prisma/factories";
import { countRows } from "@/test/count-rows";
import { createTenant, type Tenant } from "@/test/tenant";
import { setupTestDatabase } from "@/test/test-database";

const database = setupTestDatabase();

let tenant: Tenant;
let other: Tenant;
let siteId: string;
let bareSiteId: string;
let otherSiteId: string;

const ADMIN = "user:admin@example.test";
const CHECKLIST: InspectionChecklistInput = {
  checks: [
    { label: "Tyre tread ≥ 3 mm", category: "TYRES" },
    { label: "Brake pads ≥ 4 mm", category: "MECHANICAL" },
    { label: "Windscreen free of chips", category: "GLASS" },
    { label: "Bodywork free of dents", category: "BODY" },
    { label: "Interior clean", category: "VALET" },
  ],
};

const staff = (organisationId: string) =>
  reconActorOfStaff({ organisationId, actor: "user:prep@example.test", user: { role: "PREP_STAFF" } });

beforeAll(async () => {
  [tenant, other] = [await createTenant(database.prisma), await createTenant(database.prisma)];
  const prepSite = (organisationId: string, name: string) =>
    createSite(database.prisma, { organisationId, name, isPrepSite: true });
  siteId = (await prepSite(tenant.organisation.id, "Inspect Prep")).id;
  bareSiteId = (await prepSite(tenant.organisation.id, "Bare Prep")).id;
  otherSiteId = (await prepSite(other.organisation.id, "Other Prep")).id;
  await saveReconSiteSettings({ organisationId: tenant.organisation.id, actor: ADMIN }, siteId, {
    labourRateCents: 6_000,
    currency: "GBP",
    autoApproveBelowCents: 0,
    outboundWithOpenItems: "WARN_AND_RECORD",
  });
});

const scope = () => ({ organisationId: tenant.organisation.id, actor: ADMIN });

function jobAt(prepSiteId: string, owner: Tenant = tenant) {
  return createPrepJob(database.prisma, {
    organisationId: owner.organisation.id,
    profileId: owner.profile.id,
    prepSiteId,
    stage: "ARRIVED",
  });
}

/** Answers for every check of the site: the labels named fail (with their notes), the others pass. */
async function answers(failing: Record<string, string | undefined>): Promise<InspectionInput> {
  const checks = await getInspectionChecklist(tenant.organisation.id, siteId);
  return {
    results: checks.map((check) =>
      check.label in failing
        ? { checkId: check.id, passed: false, note: failing[check.label] }
        : { checkId: check.id, passed: true },
    ),
  };
}

async function leftBehind(prepJobId: string) {
  return {
    items: await countRows(database.kysely, "ReconWorkItem", (query) =>
      query.where("prepJobId", "=", prepJobId),
    ),
    inspections: await countRows(database.kysely, "ReconInspection", (query) =>
      query.where("prepJobId", "=", prepJobId),
    ),
    events: await countRows(database.kysely, "Event", (query) =>
      query
        .where("type", "=", "prep_job.work_item_changed")
        .where("payload", "@>", JSON.stringify({ prepJobId })),
    ),
  };
}

describe("the inspection checklist", () => {
  it("is saved whole, in order, and read back; saving again replaces it", async () => {
    const saved = await saveInspectionChecklist(scope(), siteId, {
      checks: [...CHECKLIST.checks].reverse(),
    });
    expect(saved.map((check) => check.label)).toEqual([...CHECKLIST.checks].reverse().map((c) => c.label));
    await saveInspectionChecklist(scope(), siteId, CHECKLIST);
    const read = await getInspectionChecklist(tenant.organisation.id, siteId);
    expect(read.map(({ label, category }) => ({ label, category }))).toEqual(CHECKLIST.checks);
    const rows = await database.kysely
      .selectFrom("ReconInspectionCheck")
      .select(["position", "organisationId", "updatedBy"])
      .where("siteId", "=", siteId)
      .orderBy("position")
      .execute();
    expect(rows.map((row) => row.position)).toEqual([0, 1, 2, 3, 4]);
    expect(new Set(rows.map((row) => `${row.organisationId} ${row.updatedBy}`))).toEqual(
      new Set([`${tenant.organisation.id} ${ADMIN}`]),
    );
  });

  it("trims labels, and an empty list removes the site's checklist", async () => {
    const saved = await saveInspectionChecklist(scope(), bareSiteId, {
      checks: [{ label: "  Horn works  ", category: "MECHANICAL" }],
    });
    expect(saved.map((check) => check.label)).toEqual(["Horn works"]);
    expect(await saveInspectionChecklist(scope(), bareSiteId, { checks: [] })).toEqual([]);
    expect(await getInspectionChecklist(tenant.organisation.id, bareSiteId)).toEqual([]);
  });

  it.each([
    ["an empty label", { checks: [{ label: "  ", category: "TYRES" }] }, "checks.0.label"],
    [
      "the same label twice",
      {
        checks: [
          { label: "Horn", category: "OTHER" },
          { label: "horn", category: "OTHER" },
        ],
      },
      "checks.1.label",
    ],
    ["an unknown category", { checks: [{ label: "Horn", category: "HORNS" }] }, "checks.0.category"],
    [
      "a label over 200 characters",
      { checks: [{ label: "x".repeat(201), category: "OTHER" }] },
      "checks.0.label",
    ],
    ["an unknown field", { checks: [{ label: "Horn", category: "OTHER", id: "x" }] }, "checks.0"],
  ])("refuses %s, naming the field, and keeps the list", async (_, input, path) => {
    const before = await getInspectionChecklist(tenant.organisation.id, siteId);
    const error = await saveInspectionChecklist(scope(), siteId, input as InspectionChecklistInput).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ZodError);
    expect((error as ZodError).issues.map((issue) => issue.path.join("."))).toContain(path);
    expect(await getInspectionChecklist(tenant.organisation.id, siteId)).toEqual(before);
  });

  it("is another organisation's to edit: its site is not found, and its list unchanged", async () => {
    await saveInspectionChecklist({ organisationId: other.organisation.id, actor: ADMIN }, otherSiteId, {
      checks: [{ label: "Their check", category: "OTHER" }],
    });
    await expect(saveInspectionChecklist(scope(), otherSiteId, CHECKLIST)).rejects.toMatchObject({
      code: "SITE_NOT_FOUND",
    });
    expect(await getInspectionChecklist(tenant.organisation.id, otherSiteId)).toEqual([]);
    expect(
      (await getInspectionChecklist(other.organisation.id, otherSiteId)).map((check) => check.label),
    ).toEqual(["Their check"]);
  });

  it("belongs to prep sites only", async () => {
    const depot = await createSite(database.prisma, {
      organisationId: tenant.organisation.id,
      name: "Depot",
    });
    await expect(saveInspectionChecklist(scope(), depot.id, CHECKLIST)).rejects.toMatchObject({
      code: "SITE_NOT_FOUND",
    });
  });
});

describe("an inspection", () => {
  it("records the results and proposes one item per failed check, with history and events", async () => {
    const job = await jobAt(siteId);
    const at = new Date("2026-11-20T09:30:00.000Z");
    const outcome = await recordInspection(
      staff(tenant.organisation.id),
      job.id,
      await answers({
        "Tyre tread ≥ 3 mm": "Nearside rear at 2 mm",
        "Windscreen free of chips": undefined,
        "Bodywork free of dents": "  Dent in the driver's door ",
      }),
      at,
    );
    expect(outcome.inspection).toEqual({
      id: expect.any(String),
      inspectedBy: "user:prep@example.test",
      inspectedAt: at.toISOString(),
      checks: 5,
      failed: 3,
    });
    const items = await readWorkItems(database.kysely, { prepJobId: job.id });
    expect(
      items.map(({ category, description, state, estimate, estimatedCents, currency }) => ({
        category,
        description,
        state,
        estimate,
        estimatedCents,
        currency,
      })),
    ).toEqual([
      {
        category: "TYRES",
        description: "Tyre tread ≥ 3 mm: Nearside rear at 2 mm",
        state: "PROPOSED",
        estimate: [],
        estimatedCents: 0,
        currency: "GBP",
      },
      {
        category: "GLASS",
        description: "Windscreen free of chips",
        state: "PROPOSED",
        estimate: [],
        estimatedCents: 0,
        currency: "GBP",
      },
      {
        category: "BODY",
        description: "Bodywork free of dents: Dent in the driver's door",
        state: "PROPOSED",
        estimate: [],
        estimatedCents: 0,
        currency: "GBP",
      },
    ]);
    expect(outcome.workItems.map((item) => item.id)).toEqual(items.map((item) => item.id));

    const inspection = await database.kysely
      .selectFrom("ReconInspection")
      .selectAll()
      .where("prepJobId", "=", job.id)
      .executeTakeFirstOrThrow();
    expect(inspection).toMatchObject({
      organisationId: tenant.organisation.id,
      prepSiteId: siteId,
      inspectedBy: "user:prep@example.test",
      inspectedAt: at,
    });
    expect(inspection.results).toEqual([
      {
        label: "Tyre tread ≥ 3 mm",
        category: "TYRES",
        passed: false,
        note: "Nearside rear at 2 mm",
        workItemId: items[0]!.id,
      },
      { label: "Brake pads ≥ 4 mm", category: "MECHANICAL", passed: true },
      { label: "Windscreen free of chips", category: "GLASS", passed: false, workItemId: items[1]!.id },
      {
        label: "Bodywork free of dents",
        category: "BODY",
        passed: false,
        note: "Dent in the driver's door",
        workItemId: items[2]!.id,
      },
      { label: "Interior clean", category: "VALET", passed: true },
    ]);
    const history = await database.kysely
      .selectFrom("ReconWorkItemStateChange")
      .select(["fromState", "toState", "actor"])
      .where("prepJobId", "=", job.id)
      .execute();
    expect(history).toEqual(
      items.map(() => ({ fromState: null, toState: "PROPOSED", actor: "user:prep@example.test" })),
    );
    expect(await leftBehind(job.id)).toEqual({ items: 3, inspections: 1, events: 3 });
    expect(await latestInspection(database.kysely, job.id)).toEqual(outcome.inspection);
  });

  it("with every check passed, records the inspection and proposes nothing", async () => {
    const job = await jobAt(siteId);
    const outcome = await recordInspection(staff(tenant.organisation.id), job.id, await answers({}));
    expect(outcome.workItems).toEqual([]);
    expect(outcome.inspection).toMatchObject({ checks: 5, failed: 0 });
    expect(await leftBehind(job.id)).toEqual({ items: 0, inspections: 1, events: 0 });
  });

  it("refuses a check left unanswered, naming it, and changes nothing", async () => {
    const job = await jobAt(siteId);
    const all = await answers({ "Interior clean": "Dog hair" });
    const missing = all.results[1]!.checkId;
    const error = await recordInspection(staff(tenant.organisation.id), job.id, {
      results: all.results.filter((result) => result.checkId !== missing),
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: "VALIDATION_ERROR", errors: [{ path: `checks.${missing}` }] });
    expect(await leftBehind(job.id)).toEqual({ items: 0, inspections: 0, events: 0 });
  });

  it.each([
    ["no answers", { results: [] }],
    ["a note on a passed check", { results: [{ checkId: "x", passed: true, note: "Fine" }] }],
    [
      "a check answered twice",
      {
        results: [
          { checkId: "x", passed: true },
          { checkId: "x", passed: false },
        ],
      },
    ],
    ["a note over 500 characters", { results: [{ checkId: "x", passed: false, note: "n".repeat(501) }] }],
    ["passed as text", { results: [{ checkId: "x", passed: "no" }] }],
  ])("refuses %s and changes nothing", async (_, input) => {
    const job = await jobAt(siteId);
    await expect(
      recordInspection(staff(tenant.organisation.id), job.id, input as InspectionInput),
    ).rejects.toBeInstanceOf(ZodError);
    expect(await leftBehind(job.id)).toEqual({ items: 0, inspections: 0, events: 0 });
  });

  it("refuses answers to a checklist that has changed since (a check it no longer has)", async () => {
    const job = await jobAt(siteId);
    const stale = await answers({ "Tyre tread ≥ 3 mm": "Bald" });
    await saveInspectionChecklist(scope(), siteId, CHECKLIST); // the same checks, new ids
    await expect(recordInspection(staff(tenant.organisation.id), job.id, stale)).rejects.toMatchObject({
      code: "VERSION_CONFLICT",
    });
    expect(await leftBehind(job.id)).toEqual({ items: 0, inspections: 0, events: 0 });
  });

  it("is refused at a site with no checklist", async () => {
    const job = await jobAt(bareSiteId);
    await expect(
      recordInspection(staff(tenant.organisation.id), job.id, { results: [{ checkId: "x", passed: true }] }),
    ).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
      message: expect.stringMatching(/no inspection checklist/),
    });
    expect(await leftBehind(job.id)).toEqual({ items: 0, inspections: 0, events: 0 });
  });

  it("of another organisation's job is not found, and changes nothing", async () => {
    const theirs = await jobAt(otherSiteId, other);
    await expect(
      recordInspection(
        staff(tenant.organisation.id),
        theirs.id,
        await answers({ "Interior clean": undefined }),
      ),
    ).rejects.toMatchObject({ code: "PREP_JOB_NOT_FOUND" });
    expect(await leftBehind(theirs.id)).toEqual({ items: 0, inspections: 0, events: 0 });
  });

  it("is one transaction: a write failing at the second item leaves no item, inspection or event", async () => {
    const job = await jobAt(siteId);
    // The second proposed item's insert fails, after the first has been written.
    await sql`
      CREATE FUNCTION refuse_windscreen() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.description LIKE 'Windscreen%' THEN RAISE EXCEPTION 'refused for the test'; END IF;
        RETURN NEW;
      END $$`.execute(database.kysely);
    await sql`CREATE TRIGGER refuse_windscreen BEFORE INSERT ON "ReconWorkItem"
      FOR EACH ROW EXECUTE FUNCTION refuse_windscreen()`.execute(database.kysely);
    try {
      await expect(
        recordInspection(
          staff(tenant.organisation.id),
          job.id,
          await answers({ "Tyre tread ≥ 3 mm": "Bald", "Windscreen free of chips": "Chip" }),
        ),
      ).rejects.toThrow(/refused for the test/);
    } finally {
      await sql`DROP TRIGGER refuse_windscreen ON "ReconWorkItem"`.execute(database.kysely);
      await sql`DROP FUNCTION refuse_windscreen()`.execute(database.kysely);
    }
    expect(await leftBehind(job.id)).toEqual({ items: 0, inspections: 0, events: 0 });
  });
});
