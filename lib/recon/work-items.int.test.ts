// Issue 37 §1 and §4 through the API: work items on a prep job, their estimates priced at the site's
// labour rate, every lifecycle move allowed and refused, the auto-approve threshold, the approval right,
// versions, the job's recon summary, and the outbound policy with its override record. The webhooks:
// recon-webhooks.int.test.ts.
import { beforeAll, describe, expect, it } from "vitest";
import { GET as getJobRoute } from "@/app/v1/prep-jobs/[id]/route";
import { GET as listRoute, POST as createRoute } from "@/app/v1/prep-jobs/[id]/work-items/route";
import { PATCH as updateRoute } from "@/app/v1/prep-jobs/[id]/work-items/[itemId]/route";
import { POST as transitionRoute } from "@/app/v1/operations/prep-jobs/[id]/work-items/[itemId]/transition/route";
import { POST as moveRoute } from "@/app/v1/operations/prep-jobs/[id]/move/route";
import { POST as createInPoolRoute } from "@/app/v1/movement-requests/create-in-planning-pool/route";
import { PATCH as pendingMovementRequestRoute } from "@/app/v1/prep-jobs/pending-movement-request/route";
import { AppError } from "@/lib/errors/app-error";
import type { WorkItemState } from "@/lib/generated/prisma/enums";
import { reconActorOfStaff } from "@/lib/recon/recon-actor";
import { saveReconSiteSettings } from "@/lib/recon/recon-settings";
import { reconSummaries } from "@/lib/recon/recon-summary";
import { decideEstimate, transitionWorkItem } from "@/lib/recon/transition-work-item";
import {
  estimateAwaitingApprovalEnvelopeSchema,
  workItemChangedEnvelopeSchema,
} from "@/lib/recon/webhook-envelopes";
import { workItemActionBetween, WORK_ITEM_STATES } from "@/lib/recon/work-item-transitions";
import {
  createApiKey,
  createPrepJob,
  createProfile,
  createReconWorkItem,
  createSite,
  createUser,
  type PrepJobInput,
} from "@/prisma/factories";
import { countRows } from "@/test/count-rows";
import { createMovementWorld, type MovementWorld } from "@/test/movement-world";
import { movementBody, prepJobRoutesApi } from "@/test/prep-job-api";
import { reconApi, workItemState } from "@/test/recon-api";
import { setupTestDatabase } from "@/test/test-database";

const api = reconApi({
  list: listRoute,
  create: createRoute,
  update: updateRoute,
  transition: transitionRoute,
  getJob: getJobRoute,
  move: moveRoute,
});
const { movementRequestApi, prepJobApi } = prepJobRoutesApi({
  createInPool: createInPoolRoute,
  pendingMovementRequest: pendingMovementRequestRoute,
});

const database = setupTestDatabase();
let world: MovementWorld;
let otherWorld: MovementWorld;
let approverKey: string;
/** A second prep site with no recon settings: no labour rate, the default policy. */
let bareSiteId: string;

const RATE = 6_500; // £65.00 an hour
const THRESHOLD = 20_000; // £200.00

beforeAll(async () => {
  world = await createMovementWorld(database.prisma);
  otherWorld = await createMovementWorld(database.prisma);
  approverKey = (
    await createApiKey(database.prisma, {
      profileId: world.profile.id,
      scopes: ["operations", "recon_approval"],
    })
  ).key;
  bareSiteId = (
    await createSite(database.prisma, {
      organisationId: world.organisation.id,
      name: "Bare Prep",
      isPrepSite: true,
    })
  ).id;
  await saveReconSiteSettings(
    { organisationId: world.organisation.id, actor: "user:admin@example.test" },
    world.sites.prepCentre.id,
    {
      labourRateCents: RATE,
      currency: "GBP",
      autoApproveBelowCents: THRESHOLD,
      outboundWithOpenItems: "WARN_AND_RECORD",
    },
  );
});

function jobAt(input: Partial<PrepJobInput> = {}) {
  return createPrepJob(database.prisma, {
    organisationId: world.organisation.id,
    profileId: world.profile.id,
    prepSiteId: world.sites.prepCentre.id,
    stage: "APPRAISED",
    ...input,
  });
}

function itemOn(prepJobId: string, state: WorkItemState, amountCents = 50_000) {
  return createReconWorkItem(database.prisma, {
    organisationId: world.organisation.id,
    prepJobId,
    state,
    lines: [{ kind: "PARTS", amountCents }],
  });
}

const brakes = {
  category: "MECHANICAL",
  description: "Front brake discs and pads",
  estimate: [
    { kind: "PARTS", description: "Discs and pads", amountCents: 12_000 },
    { kind: "LABOUR", description: "Fit", hours: 1.5 },
  ],
};

describe("POST /v1/prep-jobs/{id}/work-items", () => {
  it("proposes an item, pricing labour at the site's rate, with its history row and its event", async () => {
    const job = await jobAt();
    const { status, body } = await api.create(world.integrationKey, job.id, brakes);
    expect(status).toBe(201);
    expect(body).toEqual({
      id: expect.any(String),
      category: "MECHANICAL",
      description: "Front brake discs and pads",
      state: "PROPOSED",
      estimate: [
        { kind: "PARTS", description: "Discs and pads", amountCents: 12_000 },
        { kind: "LABOUR", description: "Fit", amountCents: 9_750, hours: 1.5 },
      ],
      estimatedCents: 21_750,
      actualCents: null,
      currency: "GBP",
      version: 1,
    });
    const { history } = await workItemState(database.kysely, body.id);
    expect(history.map((row) => [row.fromState, row.toState, row.actor])).toEqual([
      [null, "PROPOSED", expect.stringMatching(/^api-key:/)],
    ]);
    const event = await database.kysely
      .selectFrom("Event")
      .selectAll()
      .where("resourceType", "=", "work_item")
      .where("resourceId", "=", body.id)
      .executeTakeFirstOrThrow();
    expect(event.type).toBe("prep_job.work_item_changed");
    const envelope = workItemChangedEnvelopeSchema.parse(JSON.parse(event.envelope ?? "null"));
    expect(envelope).toMatchObject({
      prepJob: { id: job.id, stage: "APPRAISED" },
      workItem: body,
      previousState: null,
    });

    const listed = await api.list(world.integrationKey, job.id);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({ data: [body] });
  });

  it.each([
    ["negative hours", { kind: "LABOUR", description: "Fit", hours: -1 }, "estimate.0.hours"],
    ["hours beyond two decimals", { kind: "LABOUR", description: "Fit", hours: 1.255 }, "estimate.0.hours"],
    [
      "a labour line with an amount",
      { kind: "LABOUR", description: "Fit", hours: 1, amountCents: 100 },
      "estimate.0.amountCents",
    ],
    ["a parts line without an amount", { kind: "PARTS", description: "Pads" }, "estimate.0.amountCents"],
    [
      "a negative amount",
      { kind: "SUBLET", description: "Smart repair", amountCents: -500 },
      "estimate.0.amountCents",
    ],
    [
      "a fractional amount",
      { kind: "PARTS", description: "Pads", amountCents: 10.5 },
      "estimate.0.amountCents",
    ],
  ])("refuses %s with 400, writing nothing", async (_, line, path) => {
    const job = await jobAt();
    const { status, body } = await api.create(world.integrationKey, job.id, { ...brakes, estimate: [line] });
    expect(status).toBe(400);
    expect(body.code).toBe("VALIDATION_ERROR");
    expect(body.errors.map((error: { path: string }) => error.path)).toContain(path);
    expect(await countRows(database.kysely, "ReconWorkItem", (q) => q.where("prepJobId", "=", job.id))).toBe(
      0,
    );
  });

  it.each([
    ["an unknown currency", "XYZ", "Not an ISO 4217"],
    ["a currency in lower case", "gbp", "Not an ISO 4217"],
    ["another currency than the site's", "EUR", "estimates in GBP"],
  ])("refuses %s with 400, writing nothing", async (_, currency, message) => {
    const job = await jobAt();
    const { status, body } = await api.create(world.integrationKey, job.id, { ...brakes, currency });
    expect(status).toBe(400);
    expect(body.code).toBe("VALIDATION_ERROR");
    expect(JSON.stringify(body)).toContain(message);
    expect(await countRows(database.kysely, "ReconWorkItem", (q) => q.where("prepJobId", "=", job.id))).toBe(
      0,
    );
  });

  it("refuses labour at a site without a labour rate, and takes parts there in the organisation's currency", async () => {
    const job = await jobAt({ prepSiteId: bareSiteId });
    const refused = await api.create(world.integrationKey, job.id, brakes);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      { path: "estimate.1.hours", message: "No labour rate at this prep site" },
    ]);
    const partsOnly = await api.create(world.integrationKey, job.id, {
      ...brakes,
      estimate: [brakes.estimate[0]],
    });
    expect(partsOnly.status).toBe(201);
    expect(partsOnly.body).toMatchObject({ currency: "GBP", estimatedCents: 12_000 });
  });

  it("answers 404 for another organisation's job and item and another profile's, changing nothing", async () => {
    const foreign = await createPrepJob(database.prisma, {
      organisationId: otherWorld.organisation.id,
      profileId: otherWorld.profile.id,
      prepSiteId: otherWorld.sites.prepCentre.id,
    });
    const { status, body } = await api.create(world.integrationKey, foreign.id, brakes);
    expect(status).toBe(404);
    expect(body.code).toBe("PREP_JOB_NOT_FOUND");
    expect((await api.list(world.integrationKey, foreign.id)).status).toBe(404);
    expect(
      await countRows(database.kysely, "ReconWorkItem", (q) => q.where("prepJobId", "=", foreign.id)),
    ).toBe(0);

    // An item awaiting approval on another organisation's job, and one on a job of another profile of
    // this organisation at this very site: editing or moving either, named under its own job or under
    // one of the caller's, is "not found", and neither changes.
    const foreignItem = await createReconWorkItem(database.prisma, {
      organisationId: otherWorld.organisation.id,
      prepJobId: foreign.id,
      state: "AWAITING_APPROVAL",
    });
    const sibling = await createProfile(database.prisma, { organisationId: world.organisation.id });
    const siblingJob = await jobAt({ profileId: sibling.id });
    const siblingItem = await createReconWorkItem(database.prisma, {
      organisationId: world.organisation.id,
      prepJobId: siblingJob.id,
      state: "AWAITING_APPROVAL",
    });
    const own = await jobAt();
    const edit = {
      description: "Not yours",
      estimate: [{ kind: "PARTS", description: "Pads", amountCents: 1 }],
      version: 1,
    };
    const approve = { to: "APPROVED", version: 1 };
    for (const [whose, item, job] of [
      ["another organisation's", foreignItem, foreign],
      ["another profile's", siblingItem, siblingJob],
    ] as const) {
      const before = await workItemState(database.kysely, item.id);
      for (const [jobId, code] of [
        [job.id, "PREP_JOB_NOT_FOUND"],
        [own.id, "WORK_ITEM_NOT_FOUND"],
      ] as const) {
        const where = `${whose} item under ${jobId === own.id ? "the caller's job" : "its own job"}`;
        const patched = await api.update(world.integrationKey, jobId, item.id, edit);
        expect(patched.status, where).toBe(404);
        expect(patched.body.code, where).toBe(code);
        const moved = await api.transition(approverKey, jobId, item.id, approve);
        expect(moved.status, where).toBe(404);
        expect(moved.body.code, where).toBe(code);
      }
      const after = await workItemState(database.kysely, item.id);
      expect(after.item, whose).toMatchObject({
        state: "AWAITING_APPROVAL",
        version: 1,
        description: before.item.description,
        estimatedCents: before.item.estimatedCents,
        decidedBy: null,
      });
      expect(after.lines, whose).toEqual(before.lines);
      expect(after.history, whose).toEqual([]);
      expect(
        await countRows(database.kysely, "Event", (q) =>
          q.where("resourceType", "=", "work_item").where("resourceId", "=", item.id),
        ),
        whose,
      ).toBe(0);
    }
  });
});

describe("the auto-approve threshold", () => {
  it("approves an item under it at once, recording the system as approver", async () => {
    const job = await jobAt();
    const created = await api.create(world.integrationKey, job.id, brakes); // £217.50 with labour: over
    const small = await api.create(world.integrationKey, job.id, {
      ...brakes,
      estimate: [{ kind: "PARTS", description: "Wiper blades", amountCents: THRESHOLD - 1 }],
    });
    const submitted = await api.transition(world.operationsKey, job.id, small.body.id, {
      to: "AWAITING_APPROVAL",
    });
    expect(submitted.status).toBe(200);
    expect(submitted.body).toMatchObject({ state: "APPROVED", version: 2 });
    const { item, history } = await workItemState(database.kysely, small.body.id);
    expect(item).toMatchObject({ decidedBy: "system:auto-approve", decidedAt: expect.any(Date) });
    expect(history.map((row) => [row.fromState, row.toState, row.actor])).toEqual([
      [null, "PROPOSED", expect.any(String)],
      ["PROPOSED", "AWAITING_APPROVAL", expect.stringMatching(/^api-key:/)],
      ["AWAITING_APPROVAL", "APPROVED", "system:auto-approve"],
    ]);
    expect(created.body.state).toBe("PROPOSED");
  });

  it("leaves an item at the threshold awaiting approval, e-mailing the site's approvers and publishing the event", async () => {
    const manager = await createUser(database.prisma, {
      organisationId: world.organisation.id,
      role: "RECON_MANAGER",
      prepSiteIds: [world.sites.prepCentre.id],
    });
    const elsewhere = await createUser(database.prisma, {
      organisationId: world.organisation.id,
      role: "RECON_MANAGER",
      prepSiteIds: [bareSiteId],
    });
    const admin = await createUser(database.prisma, { organisationId: world.organisation.id, role: "ADMIN" });
    const prepStaff = await createUser(database.prisma, {
      organisationId: world.organisation.id,
      role: "PREP_STAFF",
    });
    const job = await jobAt();
    const created = await api.create(world.integrationKey, job.id, {
      ...brakes,
      description: "Four new tyres",
      estimate: [{ kind: "PARTS", description: "Tyres", amountCents: THRESHOLD }],
    });
    const submitted = await api.transition(world.operationsKey, job.id, created.body.id, {
      to: "AWAITING_APPROVAL",
    });
    expect(submitted.status).toBe(200);
    expect(submitted.body.state).toBe("AWAITING_APPROVAL");

    const mail = await database.kysely
      .selectFrom("EmailMessage")
      .select(["to", "subject", "text"])
      .where("kind", "=", "recon_approval")
      .where("organisationId", "=", world.organisation.id)
      .where("text", "like", "%Four new tyres%")
      .execute();
    const recipients = mail.map((message) => message.to);
    expect(recipients).toEqual(expect.arrayContaining([manager.email, admin.email]));
    expect(recipients).not.toContain(elsewhere.email);
    expect(recipients).not.toContain(prepStaff.email);
    expect(mail[0]?.text).toContain("£200.00");

    const event = await database.kysely
      .selectFrom("Event")
      .select("envelope")
      .where("type", "=", "prep_job.estimate_awaiting_approval")
      .where("resourceId", "=", created.body.id)
      .executeTakeFirstOrThrow();
    const envelope = estimateAwaitingApprovalEnvelopeSchema.parse(JSON.parse(event.envelope ?? "null"));
    expect(envelope.awaitingApproval.map((item) => item.id)).toEqual([created.body.id]);
  });
});

describe("approval", () => {
  it("is refused without the right: 403 through the API and for prep staff, and nothing changes", async () => {
    const job = await jobAt();
    const item = await itemOn(job.id, "AWAITING_APPROVAL");
    for (const to of ["APPROVED", "DECLINED"]) {
      const { status, body } = await api.transition(world.operationsKey, job.id, item.id, { to });
      expect(status).toBe(403);
      expect(body.code).toBe("FORBIDDEN");
    }
    const prepStaff = reconActorOfStaff({
      organisationId: world.organisation.id,
      actor: "user:prep@example.test",
      user: { role: "PREP_STAFF" },
    });
    await expect(
      transitionWorkItem(
        database.kysely,
        prepStaff,
        { prepJobId: job.id, itemId: item.id },
        { to: "APPROVED" },
      ),
    ).rejects.toMatchObject({ code: "FORBIDDEN" } satisfies Partial<AppError>);
    const { item: after, history } = await workItemState(database.kysely, item.id);
    expect(after).toMatchObject({ state: "AWAITING_APPROVAL", version: 1, decidedBy: null });
    expect(history).toEqual([]);
  });

  it("approves or declines the vehicle's whole estimate at once, for a recon manager", async () => {
    const job = await jobAt();
    const first = await itemOn(job.id, "AWAITING_APPROVAL");
    const second = await itemOn(job.id, "AWAITING_APPROVAL");
    const started = await itemOn(job.id, "IN_PROGRESS");
    const manager = reconActorOfStaff({
      organisationId: world.organisation.id,
      actor: "user:manager@example.test",
      user: { role: "RECON_MANAGER" },
    });
    const decided = await decideEstimate(database.kysely, manager, job.id, "APPROVED");
    expect(decided.map((item) => [item.id, item.state])).toEqual([
      [first.id, "APPROVED"],
      [second.id, "APPROVED"],
    ]);
    expect((await workItemState(database.kysely, first.id)).item.decidedBy).toBe("user:manager@example.test");
    expect((await workItemState(database.kysely, started.id)).item.state).toBe("IN_PROGRESS");
    expect(await decideEstimate(database.kysely, manager, job.id, "DECLINED")).toEqual([]);
  });
});

describe("POST /v1/operations/prep-jobs/{id}/work-items/{itemId}/transition", () => {
  /** What a move to `to` takes beside it. */
  const extras = (to: WorkItemState) =>
    to === "WAITING_PARTS"
      ? { partsExpectedOn: "2026-12-03" }
      : to === "DONE"
        ? { actual: { partsCents: 9_000, hours: 2, subletCents: 0 } }
        : {};

  it("makes every move of the lifecycle table, and refuses every other with 409, changing nothing", async () => {
    const job = await jobAt();
    let checked = 0;
    for (const from of WORK_ITEM_STATES) {
      for (const to of WORK_ITEM_STATES) {
        const item = await itemOn(job.id, from); // £500: over the threshold, so a submission waits
        const where = `${from} → ${to}`;
        const { status, body } = await api.transition(approverKey, job.id, item.id, { to, ...extras(to) });
        const after = await workItemState(database.kysely, item.id);
        if (workItemActionBetween(from, to)) {
          expect(status, where).toBe(200);
          expect(body.state, where).toBe(to);
          expect(after.item.version, where).toBe(2);
          expect(
            after.history.map((row) => [row.fromState, row.toState]),
            where,
          ).toEqual([[from, to]]);
        } else {
          expect(status, where).toBe(409);
          expect(body.code, where).toBe("INVALID_STATUS_TRANSITION");
          expect(after.item, where).toMatchObject({ state: from, version: 1 });
          expect(after.history, where).toEqual([]);
        }
        checked += 1;
      }
    }
    expect(checked).toBe(64);
  });

  it("records the parts' date while waiting for them, and the actual cost when done", async () => {
    const job = await jobAt();
    const item = await itemOn(job.id, "IN_PROGRESS");
    const waiting = await api.transition(approverKey, job.id, item.id, {
      to: "WAITING_PARTS",
      partsExpectedOn: "2026-12-03",
    });
    expect(waiting.body).toMatchObject({ state: "WAITING_PARTS", partsExpectedOn: "2026-12-03" });
    const resumed = await api.transition(approverKey, job.id, item.id, { to: "IN_PROGRESS", version: 2 });
    expect(resumed.body.state).toBe("IN_PROGRESS");
    expect(resumed.body).not.toHaveProperty("partsExpectedOn");
    const done = await api.transition(approverKey, job.id, item.id, {
      to: "DONE",
      actual: { partsCents: 9_000, hours: 2.25, subletCents: 15_000 },
    });
    expect(done.body).toMatchObject({ state: "DONE", actualCents: 9_000 + 14_625 + 15_000, version: 4 });
    expect((await workItemState(database.kysely, item.id)).item).toMatchObject({
      actualPartsCents: 9_000,
      actualHours: 2.25,
      actualSubletCents: 15_000,
    });
  });

  it.each([
    ["WAITING_PARTS without a date", { to: "WAITING_PARTS" }, "partsExpectedOn"],
    [
      "a date when not waiting for parts",
      { to: "WAITING_SUBLET", partsExpectedOn: "2026-12-03" },
      "partsExpectedOn",
    ],
    ["DONE without the actual cost", { to: "DONE" }, "actual"],
    [
      "negative actual hours",
      { to: "DONE", actual: { partsCents: 0, hours: -2, subletCents: 0 } },
      "actual.hours",
    ],
    ["an unknown state", { to: "FINISHED" }, "to"],
  ])("refuses %s with 400, changing nothing", async (_, body, path) => {
    const job = await jobAt();
    const item = await itemOn(job.id, "IN_PROGRESS");
    const answer = await api.transition(approverKey, job.id, item.id, body);
    expect(answer.status).toBe(400);
    expect(answer.body.errors.map((error: { path: string }) => error.path)).toContain(path);
    expect((await workItemState(database.kysely, item.id)).item).toMatchObject({
      state: "IN_PROGRESS",
      version: 1,
    });
  });

  it("refuses a stale version with 409 VERSION_CONFLICT, and another job's item with 404", async () => {
    const job = await jobAt();
    const other = await jobAt();
    const item = await itemOn(job.id, "APPROVED");
    const stale = await api.transition(approverKey, job.id, item.id, { to: "IN_PROGRESS", version: 7 });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe("VERSION_CONFLICT");
    const elsewhere = await api.transition(approverKey, other.id, item.id, { to: "IN_PROGRESS" });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.code).toBe("WORK_ITEM_NOT_FOUND");
    expect((await workItemState(database.kysely, item.id)).item).toMatchObject({
      state: "APPROVED",
      version: 1,
    });
  });
});

describe("PATCH /v1/prep-jobs/{id}/work-items/{itemId}", () => {
  it("replaces the estimate until the item is decided, and edits the description while it is open", async () => {
    const job = await jobAt();
    const created = await api.create(world.integrationKey, job.id, brakes);
    const repriced = await api.update(world.integrationKey, job.id, created.body.id, {
      estimate: [{ kind: "LABOUR", description: "Fit", hours: 2 }],
      version: 1,
    });
    expect(repriced.status).toBe(200);
    expect(repriced.body).toMatchObject({
      estimatedCents: 13_000,
      version: 2,
      estimate: [{ amountCents: 13_000, hours: 2 }],
    });
    expect((await workItemState(database.kysely, created.body.id)).lines).toHaveLength(1);

    const approved = await itemOn(job.id, "APPROVED");
    const refused = await api.update(world.integrationKey, job.id, approved.id, {
      estimate: [{ kind: "PARTS", description: "More", amountCents: 1 }],
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("INVALID_STATUS_TRANSITION");
    const renamed = await api.update(world.integrationKey, job.id, approved.id, { description: "Pads only" });
    expect(renamed.body).toMatchObject({ description: "Pads only", estimatedCents: 50_000, version: 2 });

    const done = await itemOn(job.id, "DONE");
    expect((await api.update(world.integrationKey, job.id, done.id, { description: "x" })).status).toBe(409);
    const empty = await api.update(world.integrationKey, job.id, approved.id, {});
    expect(empty.status).toBe(400);
  });
});

describe("GET /v1/prep-jobs/{id} recon", () => {
  it("counts the items, their estimates and actual cost, and names what they wait for", async () => {
    const job = await jobAt();
    await itemOn(job.id, "DONE", 10_000);
    await database.kysely
      .updateTable("ReconWorkItem")
      .set({ actualCents: 12_500 })
      .where("prepJobId", "=", job.id)
      .execute();
    await itemOn(job.id, "WAITING_SUBLET", 30_000);
    await itemOn(job.id, "WAITING_PARTS", 20_000);
    await itemOn(job.id, "DECLINED", 99_000);
    const { status, body } = await api.getJob(world.integrationKey, job.id);
    expect(status).toBe(200);
    expect(body.recon).toEqual({
      items: 3,
      done: 1,
      estimatedCost: 60_000,
      actualCost: 12_500,
      currency: "GBP",
      waitingFor: "PARTS",
    });
    await itemOn(job.id, "AWAITING_APPROVAL", 1_000);
    expect((await api.getJob(world.integrationKey, job.id)).body.recon.waitingFor).toBe("APPROVAL");

    // For a board's cards: one statement for many jobs; a job without items has no entry.
    const bare = await jobAt();
    const summaries = await reconSummaries(database.kysely, [job.id, bare.id]);
    expect([...summaries.keys()]).toEqual([job.id]);
    expect(summaries.get(job.id)).toMatchObject({ items: 4, waitingFor: "APPROVAL" });
  });
});

describe("moving to Outbound with items open", () => {
  const policy = (outboundWithOpenItems: "ALLOW" | "WARN_AND_RECORD" | "BLOCK", siteId: string) =>
    saveReconSiteSettings(
      { organisationId: world.organisation.id, actor: "user:admin@example.test" },
      siteId,
      {
        labourRateCents: RATE,
        currency: "GBP",
        autoApproveBelowCents: THRESHOLD,
        outboundWithOpenItems,
      },
    );

  async function siteWith(outboundWithOpenItems: "ALLOW" | "WARN_AND_RECORD" | "BLOCK") {
    const site = await createSite(database.prisma, {
      organisationId: world.organisation.id,
      isPrepSite: true,
    });
    await policy(outboundWithOpenItems, site.id);
    return site.id;
  }

  const overridesOf = (prepJobId: string) =>
    database.kysely
      .selectFrom("ReconOutboundOverride")
      .selectAll()
      .where("prepJobId", "=", prepJobId)
      .execute();

  it("warns and records by default: the job moves, and who moved it with which items open is kept", async () => {
    const job = await jobAt();
    const open = await itemOn(job.id, "WAITING_PARTS");
    await itemOn(job.id, "DONE");
    const { status, body } = await api.move(world.operationsKey, job.id, {
      stage: "OUTBOUND",
      substage: "PENDING_MOVEMENT_REQUEST",
    });
    expect(status).toBe(200);
    expect(body.stage).toBe("OUTBOUND");
    const [override, ...more] = await overridesOf(job.id);
    expect(more).toEqual([]);
    expect(override).toMatchObject({
      policy: "WARN_AND_RECORD",
      trigger: "finishPreparation",
      actor: expect.stringMatching(/^api-key:/),
      prepSiteId: world.sites.prepCentre.id,
      openItems: [
        { id: open.id, category: "MECHANICAL", description: open.description, state: "WAITING_PARTS" },
      ],
    });
  });

  it("records nothing when no item is open, or where the site allows it", async () => {
    const closed = await jobAt();
    await itemOn(closed.id, "DONE");
    await itemOn(closed.id, "DECLINED");
    expect(
      (
        await api.move(world.operationsKey, closed.id, {
          stage: "OUTBOUND",
          substage: "PENDING_MOVEMENT_REQUEST",
        })
      ).status,
    ).toBe(200);
    const allowing = await jobAt({ prepSiteId: await siteWith("ALLOW") });
    await itemOn(allowing.id, "IN_PROGRESS");
    expect(
      (
        await api.move(world.operationsKey, allowing.id, {
          stage: "OUTBOUND",
          substage: "PENDING_MOVEMENT_REQUEST",
        })
      ).status,
    ).toBe(200);
    expect(await overridesOf(closed.id)).toEqual([]);
    expect(await overridesOf(allowing.id)).toEqual([]);
  });

  it("refuses a move where the site blocks it, with 409 RECON_ITEMS_OPEN, changing nothing", async () => {
    const job = await jobAt({ prepSiteId: await siteWith("BLOCK") });
    await itemOn(job.id, "AWAITING_APPROVAL");
    const { status, body } = await api.move(world.operationsKey, job.id, {
      stage: "OUTBOUND",
      substage: "PENDING_MOVEMENT_REQUEST",
    });
    expect(status).toBe(409);
    expect(body.code).toBe("RECON_ITEMS_OPEN");
    expect(body.message).toContain("AWAITING_APPROVAL");
    // The specification's PATCH /prep-jobs/pending-movement-request obeys the same policy.
    const patched = await prepJobApi.pendingMovementRequest(world.integrationKey, { vin: job.vin });
    expect(patched.status).toBe(409);
    expect(patched.body.code).toBe("RECON_ITEMS_OPEN");
    const after = await database.kysely
      .selectFrom("PrepJob")
      .selectAll()
      .where("id", "=", job.id)
      .executeTakeFirstOrThrow();
    expect(after).toMatchObject({ stage: "APPRAISED", version: 1 });
    expect(await overridesOf(job.id)).toEqual([]);
  });

  it("never refuses an outbound movement request, even where the site blocks: it records the override", async () => {
    const blockingSiteId = await siteWith("BLOCK");
    const job = await jobAt({ prepSiteId: blockingSiteId });
    await itemOn(job.id, "IN_PROGRESS");
    const created = await movementRequestApi.createInPool(
      world.integrationKey,
      movementBody({ vin: job.vin }, blockingSiteId, world.sites.leeds.id),
    );
    expect(created.status).toBe(201);
    const after = await database.kysely
      .selectFrom("PrepJob")
      .selectAll()
      .where("id", "=", job.id)
      .executeTakeFirstOrThrow();
    expect(after).toMatchObject({ stage: "OUTBOUND", substage: "SCHEDULED" });
    expect(await overridesOf(job.id)).toMatchObject([
      { policy: "BLOCK", trigger: "outboundMovementCreated" },
    ]);
  });
});
