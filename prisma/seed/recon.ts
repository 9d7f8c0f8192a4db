// Demo reconditioning (issue 37): Northgate's prep sites get a labour rate and an auto-approve threshold
// (Coventry blocks a move to Outbound with items open; the others warn and record), and its open prep
// jobs get work items in every state of the lifecycle, each with the history that led there (checked
// against the lifecycle table) and its estimate priced at the site's rate; one job left for Outbound with
// an item still at the sublet vendor, and its override is recorded. The first arrived job with a proposed
// valet item was inspected (inspection.ts). A newcomer sees a living recon board; the report history's
// finished jobs get closed work items too, so the recon reports have weeks to show.
import { addHours } from "@/prisma/factories";
import type { FactoryDb } from "@/prisma/factories";
import type {
  EstimateLineKind,
  OutboundWithOpenItems,
  ReconCategory,
  WorkItemState,
} from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import { labourCents } from "@/lib/recon/price-estimate";
import { AUTO_APPROVER } from "@/lib/recon/recon-actor";
import { workItemActionBetween } from "@/lib/recon/work-item-transitions";
import { lookup, type DemoOrganisation, type DemoWorld } from "./context";
import { createDemoInspection } from "./inspection";

const SETTINGS: Record<string, { rate: number; policy: OutboundWithOpenItems }> = {
  WRT1: { rate: 7_200, policy: "WARN_AND_RECORD" },
  WKF1: { rate: 6_800, policy: "WARN_AND_RECORD" },
  COV1: { rate: 7_500, policy: "BLOCK" },
};
const AUTO_APPROVE_BELOW = 25_000;
const MANAGER = "user:manager@demo.test";
/** Approves too: the approval turnaround report compares two approvers. */
const ADMIN = "user:admin@demo.test";
const PREP = "user:prep@demo.test";

type Line = { kind: EstimateLineKind; description: string; amountCents?: number; hours?: number };
type DemoItem = {
  category: ReconCategory;
  description: string;
  lines: Line[];
  /** The states it went through after PROPOSED, in order (the last is where it stands). */
  path: WorkItemState[];
  actual?: { partsCents: number; hours: number; subletCents: number };
};

const P = "PROPOSED";
const AWAIT = "AWAITING_APPROVAL";
const OK = "APPROVED";
const WORK = "IN_PROGRESS";
const DONE = "DONE";

const ITEMS = {
  valet: {
    category: "VALET",
    description: "Full valet and odour treatment",
    lines: [{ kind: "LABOUR", description: "Valet", hours: 2.5 }],
  },
  photos: {
    category: "PHOTOS",
    description: "Forecourt photo set",
    lines: [{ kind: "LABOUR", description: "Photos", hours: 0.5 }],
  },
  inspection: {
    category: "INSPECTION",
    description: "120-point inspection",
    lines: [{ kind: "LABOUR", description: "Inspection", hours: 1.5 }],
  },
  brakes: {
    category: "MECHANICAL",
    description: "Front discs and pads",
    lines: [
      { kind: "PARTS", description: "Discs and pads", amountCents: 18_500 },
      { kind: "LABOUR", description: "Fit", hours: 1.5 },
    ],
  },
  tyres: {
    category: "TYRES",
    description: "Two rear tyres (2 mm)",
    lines: [
      { kind: "PARTS", description: "2 × 225/45 R17", amountCents: 21_000 },
      { kind: "LABOUR", description: "Fit and balance", hours: 0.75 },
    ],
  },
  bumper: {
    category: "BODY",
    description: "Rear bumper scuff: smart repair",
    lines: [{ kind: "SUBLET", description: "SmartFix mobile repair", amountCents: 16_000 }],
  },
  wing: {
    category: "PAINT",
    description: "Nearside front wing respray",
    lines: [
      { kind: "PARTS", description: "Paint and consumables", amountCents: 6_500 },
      { kind: "LABOUR", description: "Prep and paint", hours: 4 },
    ],
  },
  windscreen: {
    category: "GLASS",
    description: "Windscreen chip in the driver's view",
    lines: [{ kind: "SUBLET", description: "Windscreen replacement", amountCents: 38_000 }],
  },
  alloys: {
    category: "SUBLET",
    description: "Refurbish four alloy wheels",
    lines: [{ kind: "SUBLET", description: "Wheel refurbishment, four wheels", amountCents: 32_000 }],
  },
  mot: {
    category: "INSPECTION",
    description: "MOT test",
    lines: [{ kind: "SUBLET", description: "MOT", amountCents: 5_485 }],
  },
  cambelt: {
    category: "MECHANICAL",
    description: "Cambelt and water pump (due at 60k)",
    lines: [
      { kind: "PARTS", description: "Cambelt kit with pump", amountCents: 24_000 },
      { kind: "LABOUR", description: "Fit", hours: 3.5 },
    ],
  },
} satisfies Record<string, Omit<DemoItem, "path" | "actual">>;

const item = (
  base: Omit<DemoItem, "path" | "actual">,
  path: WorkItemState[],
  actual?: DemoItem["actual"],
): DemoItem => ({
  ...base,
  path,
  ...(actual ? { actual } : {}),
});

/** Per stage, the work on its jobs in turn: every state of the lifecycle appears. */
const SCENARIOS: Record<"ARRIVED" | "APPRAISED" | "OUTBOUND", DemoItem[][]> = {
  ARRIVED: [
    [item(ITEMS.inspection, []), item(ITEMS.valet, [])],
    [item(ITEMS.inspection, [AWAIT, OK, WORK]), item(ITEMS.tyres, [AWAIT])],
    [item(ITEMS.photos, [AWAIT, OK]), item(ITEMS.brakes, [AWAIT])],
  ],
  APPRAISED: [
    [
      item(ITEMS.brakes, [AWAIT, OK, WORK, "WAITING_PARTS"]),
      item(ITEMS.windscreen, [AWAIT, "DECLINED"]),
      item(ITEMS.valet, [AWAIT, OK]),
    ],
    [
      item(ITEMS.alloys, [AWAIT, OK, "WAITING_SUBLET"]),
      item(ITEMS.inspection, [AWAIT, OK, WORK, DONE], { partsCents: 0, hours: 1.75, subletCents: 0 }),
    ],
    [
      item(ITEMS.wing, [AWAIT]),
      item(ITEMS.cambelt, [AWAIT]),
      item(ITEMS.mot, [AWAIT, OK, WORK, DONE], { partsCents: 0, hours: 0, subletCents: 5_485 }),
    ],
  ],
  OUTBOUND: [
    [
      item(ITEMS.bumper, [AWAIT, OK, "WAITING_SUBLET"]),
      item(ITEMS.valet, [AWAIT, OK, WORK, DONE], { partsCents: 0, hours: 3, subletCents: 0 }),
    ],
    [
      item(ITEMS.tyres, [AWAIT, OK, "WAITING_PARTS", WORK, DONE], {
        partsCents: 21_000,
        hours: 1,
        subletCents: 0,
      }),
      item(ITEMS.photos, [AWAIT, OK, WORK, DONE], { partsCents: 0, hours: 0.5, subletCents: 0 }),
    ],
  ],
};

/**
 * The report history's finished jobs, in turn: work done and declined, parts and sublet waits, actual
 * costs above and below the estimate, and a vehicle that needed nothing.
 */
const HISTORY: DemoItem[][] = [
  [
    item(ITEMS.brakes, [AWAIT, OK, "WAITING_PARTS", WORK, DONE], {
      partsCents: 19_900,
      hours: 2,
      subletCents: 0,
    }),
    item(ITEMS.valet, [AWAIT, OK, WORK, DONE], { partsCents: 0, hours: 2.5, subletCents: 0 }),
  ],
  [
    item(ITEMS.bumper, [AWAIT, OK, "WAITING_SUBLET", WORK, DONE], {
      partsCents: 0,
      hours: 0,
      subletCents: 17_500,
    }),
    item(ITEMS.photos, [AWAIT, OK, WORK, DONE], { partsCents: 0, hours: 0.5, subletCents: 0 }),
  ],
  [
    item(ITEMS.windscreen, [AWAIT, "DECLINED"]),
    item(ITEMS.inspection, [AWAIT, OK, WORK, DONE], { partsCents: 0, hours: 1.25, subletCents: 0 }),
    item(ITEMS.tyres, [AWAIT, OK, WORK, DONE], { partsCents: 20_400, hours: 0.75, subletCents: 0 }),
  ],
  [
    item(ITEMS.wing, [AWAIT, OK, WORK, DONE], { partsCents: 7_200, hours: 5, subletCents: 0 }),
    item(ITEMS.cambelt, [AWAIT, "DECLINED"]),
  ],
  [],
];

/** Work items on the report history's finished jobs, between their arrival and Outbound. */
export async function createDemoReconHistory(db: FactoryDb, world: DemoWorld, org: DemoOrganisation) {
  const rates = new Map(
    Object.entries(SETTINGS).map(([code, settings]) => [lookup(org.sites, code, "site").id, settings.rate]),
  );
  const spells = await db.prepJobStageSpell.findMany({
    where: {
      organisationId: org.organisation.id,
      stage: { in: ["ARRIVED", "OUTBOUND"] },
      prepJob: { finishedAt: { not: null }, reconWorkItems: { none: {} } },
    },
    orderBy: [{ prepJobId: "asc" }, { enteredAt: "asc" }],
  });
  const windows = new Map<string, { siteId: string; arrived?: Date; outbound?: Date }>();
  for (const spell of spells) {
    if (!spell.prepSiteId || !rates.has(spell.prepSiteId)) continue;
    const window = windows.get(spell.prepJobId) ?? { siteId: spell.prepSiteId };
    if (spell.stage === "ARRIVED") window.arrived ??= spell.enteredAt;
    else window.outbound = spell.enteredAt;
    windows.set(spell.prepJobId, window);
  }
  let turn = 0;
  for (const [prepJobId, { siteId, arrived, outbound }] of windows) {
    if (!arrived || !outbound) continue;
    const items = HISTORY[turn++ % HISTORY.length]!;
    for (const [index, demo] of items.entries()) {
      const span = { from: addHours(arrived, 1 + index * 0.25), until: addHours(outbound, -1) };
      const approver = turn % 3 === 0 ? ADMIN : MANAGER;
      await createDemoItem(db, org, { id: prepJobId }, demo, rates.get(siteId)!, span, world.now, approver);
    }
  }
}

export async function createDemoRecon(db: FactoryDb, world: DemoWorld, org: DemoOrganisation): Promise<void> {
  for (const [code, { rate, policy }] of Object.entries(SETTINGS)) {
    const site = lookup(org.sites, code, "site");
    await db.reconSiteSettings.create({
      data: {
        siteId: site.id,
        organisationId: org.organisation.id,
        labourRateCents: rate,
        currency: org.organisation.currencyCode,
        autoApproveBelowCents: AUTO_APPROVE_BELOW,
        outboundWithOpenItems: policy,
        updatedBy: "seed",
      },
    });
  }
  const settingsOf = new Map(
    Object.entries(SETTINGS).map(([code, settings]) => [lookup(org.sites, code, "site").id, settings]),
  );
  const jobs = await db.prepJob.findMany({
    where: {
      organisationId: org.organisation.id,
      finishedAt: null,
      stage: { in: ["ARRIVED", "APPRAISED", "OUTBOUND"] },
    },
    orderBy: [{ stageChangedAt: "asc" }, { id: "asc" }],
  });
  const turn = { ARRIVED: 0, APPRAISED: 0, OUTBOUND: 0 };
  let inspected = false;
  for (const job of jobs) {
    const stage = job.stage as keyof typeof SCENARIOS;
    const settings = job.prepSiteId ? settingsOf.get(job.prepSiteId) : undefined;
    if (!settings) continue;
    const { rate, policy } = settings;
    const scenarios = SCENARIOS[stage];
    const scenario = scenarios[turn[stage]++ % scenarios.length] ?? [];
    // A site that blocks would not have let a job leave with items open.
    const items =
      stage === "OUTBOUND" && policy === "BLOCK"
        ? scenario.filter((each) => each.path.at(-1) === DONE)
        : scenario;
    // Work on a job that has left happened before it left; on the others it runs until now.
    const leftAt = job.stage === "OUTBOUND" ? job.stageChangedAt : null;
    const from = leftAt ? addHours(leftAt, -30) : job.stageChangedAt;
    const until = leftAt ?? new Date(world.now.getTime() - 10 * 60_000);
    const open: { id: string; category: ReconCategory; description: string; state: WorkItemState }[] = [];
    for (const [index, demo] of items.entries()) {
      const span = { from: addHours(from, index * 0.25), until };
      const created = await createDemoItem(db, org, job, demo, rate, span, world.now);
      if (created.state !== DONE && created.state !== "DECLINED") open.push(created);
      if (!inspected && job.prepSiteId && created.category === "VALET" && created.state === P) {
        await createDemoInspection(
          db,
          org,
          { id: job.id, prepSiteId: job.prepSiteId },
          {
            id: created.id,
            createdAt: span.from,
          },
          PREP,
        );
        inspected = true;
      }
    }
    if (stage === "OUTBOUND" && open.length > 0) {
      await db.reconOutboundOverride.create({
        data: {
          id: newId(),
          organisationId: org.organisation.id,
          prepJobId: job.id,
          prepSiteId: job.prepSiteId,
          policy,
          trigger: "finishPreparation",
          actor: PREP,
          at: job.stageChangedAt,
          openItems: open,
        },
      });
    }
  }
}

async function createDemoItem(
  db: FactoryDb,
  org: DemoOrganisation,
  job: { id: string },
  demo: DemoItem,
  rate: number,
  span: { from: Date; until: Date },
  now: Date,
  approver = MANAGER,
) {
  const createdAt = span.from;
  const lines = demo.lines.map((line, position) => ({
    id: newId(),
    organisationId: org.organisation.id,
    position,
    kind: line.kind,
    description: line.description,
    amountCents: line.hours === undefined ? (line.amountCents ?? 0) : labourCents(line.hours, rate),
    hours: line.hours ?? null,
  }));
  const estimatedCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
  const states: WorkItemState[] = [P, ...demo.path];
  // The history: evenly spread over the span; every step is one the lifecycle table allows.
  const step = states.length > 1 ? (span.until.getTime() - createdAt.getTime()) / (states.length - 1) : 0;
  const at = (index: number) => new Date(createdAt.getTime() + index * step);
  const autoApproved = estimatedCents < AUTO_APPROVE_BELOW;
  const changes = states.map((state, index) => {
    const previous = index === 0 ? null : (states[index - 1] as WorkItemState);
    if (previous && !workItemActionBetween(previous, state)) {
      throw new Error(`Demo work item "${demo.description}": ${previous} → ${state} is not in the lifecycle`);
    }
    const decision = state === OK || state === "DECLINED";
    const actor = decision ? (autoApproved && state === OK ? AUTO_APPROVER : approver) : PREP;
    // An auto-approval follows its submission at once.
    const when = decision && autoApproved && state === OK ? new Date(at(index - 1).getTime() + 1) : at(index);
    return {
      id: newId(),
      organisationId: org.organisation.id,
      prepJobId: job.id,
      fromState: previous,
      toState: state,
      actor,
      at: when,
    };
  });
  const state = states.at(-1) as WorkItemState;
  const decided = changes.find((change) => change.toState === OK || change.toState === "DECLINED");
  const actual = demo.actual;
  const created = await db.reconWorkItem.create({
    data: {
      id: newId(),
      organisationId: org.organisation.id,
      prepJobId: job.id,
      category: demo.category,
      description: demo.description,
      state,
      version: states.length,
      currency: org.organisation.currencyCode,
      estimatedCents,
      partsExpectedOn:
        state === "WAITING_PARTS"
          ? new Date(`${addHours(now, 48).toISOString().slice(0, 10)}T00:00:00.000Z`)
          : null,
      ...(actual
        ? {
            actualPartsCents: actual.partsCents,
            actualHours: actual.hours,
            actualSubletCents: actual.subletCents,
            actualCents: actual.partsCents + labourCents(actual.hours, rate) + actual.subletCents,
          }
        : {}),
      decidedBy: decided?.actor ?? null,
      decidedAt: decided?.at ?? null,
      createdBy: PREP,
      createdAt,
      updatedAt: changes.at(-1)?.at ?? createdAt,
      estimateLines: { create: lines },
      stateChanges: { create: changes },
    },
  });
  return {
    id: created.id,
    category: created.category,
    description: created.description,
    state: created.state,
  };
}
