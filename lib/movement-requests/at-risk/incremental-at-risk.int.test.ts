// The incremental at-risk pass against the full one (its oracle): two organisations hold twin requests;
// before every pass, each open request of the second is marked due, so that it is measured every time,
// as the pass did before issue 36. Over two and a half days of passes (mostly a minute apart), with collections,
// deliveries, a new deadline and a site's new zone written in between (and chunks of 3, so that a pass
// spans many), each twin ends every pass with the same flag, expected arrival and flip events.
import { beforeAll, describe, expect, it } from "vitest";
import {
  AT_RISK_EVENT,
  BACK_ON_TRACK_EVENT,
  evaluateAtRisk,
} from "@/lib/movement-requests/at-risk/evaluate-at-risk";
import { kysely, sql } from "@/lib/db";
import { createDriver } from "@/prisma/factories";
import { createMovementWorld, type MovementWorld } from "@/test/movement-world";
import { POST as assignRoute } from "@/app/v1/operations/movement-requests/[requestId]/assign/route";
import { POST as collectedRoute } from "@/app/v1/operations/movement-requests/[requestId]/collected/route";
import { POST as deliveredRoute } from "@/app/v1/operations/movement-requests/[requestId]/delivered/route";
import { POST as createInPoolRoute } from "@/app/v1/movement-requests/create-in-planning-pool/route";
import { operationsApi } from "@/test/operations-test-kit";
import { setupTestDatabase } from "@/test/test-database";

const { createPoolRequest, operateOk } = operationsApi({
  assign: assignRoute,
  collected: collectedRoute,
  delivered: deliveredRoute,
  createInPool: createInPoolRoute,
});

const database = setupTestDatabase();
const DAY = Date.parse("2031-06-10T00:00:00Z");
const HOUR = 3_600_000;
const isoDay = (offsetDays: number) => new Date(DAY + offsetDays * 24 * HOUR).toISOString().slice(0, 10);

type Twin = { incremental: string; full: string };
type World = { world: MovementWorld; driverId: string };
let incremental: World;
let full: World;

beforeAll(async () => {
  const worldOf = async (): Promise<World> => {
    const world = await createMovementWorld(database.prisma);
    const driverId = (await createDriver(database.prisma, { organisationId: world.organisation.id })).id;
    return { world, driverId };
  };
  incremental = await worldOf();
  full = await worldOf();
});

/** A deterministic sequence in [0, 1) (mulberry32), so that a failure replays. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const VARIANTS = Array.from({ length: 12 }, (_, index) => ({
  origin: index % 3 === 0 ? "yokohama" : "manchester",
  destination: index % 4 === 0 ? "dallas" : "leeds",
  readyDay: (index % 3) - 1,
  dueDay: (index % 3) - 1 + (index % 4),
  readySlot: (["AM", "PM", "ANYTIME"] as const)[index % 3],
  dueSlot: (["AM", "PM", "ANYTIME"] as const)[(index + 1) % 3],
  dueTime: index % 5 === 0 ? "14:30" : null,
  method: index % 2 === 0 ? "DRIVEN" : "TRANSPORTED",
}));

async function createTwin(variant: (typeof VARIANTS)[number]): Promise<Twin> {
  const create = async ({ world }: World) => {
    const { id } = await createPoolRequest(world, {
      origin: {
        location: { type: "INTERNAL", siteId: world.sites[variant.origin as "manchester"].id },
        readyToCollectFromDate: isoDay(variant.readyDay),
      },
      destination: {
        location: { type: "INTERNAL", siteId: world.sites[variant.destination as "leeds"].id },
        deliveryByDate: isoDay(variant.dueDay),
      },
      transportMethod: variant.method,
    });
    await sql`UPDATE "MovementRequest" SET "readyToCollectFromTimeslot" = ${variant.readySlot}::"Timeslot",
        "deliveryByTimeslot" = ${variant.dueSlot}::"Timeslot", "deliveryByTime" = ${variant.dueTime}
      WHERE "id" = ${id as string}`.execute(kysely());
    return id as string;
  };
  return { incremental: await create(incremental), full: await create(full) };
}

/** What the pass left on each request: its flag, its expected arrival, its flip events. */
async function outcomesOf(ids: string[]) {
  const requests = await kysely()
    .selectFrom("MovementRequest")
    .select(["id", "atRiskSince", "expectedArrivalAt", "status"])
    .where("id", "in", ids)
    .execute();
  const events = await kysely()
    .selectFrom("Event")
    .select(["resourceId", "type", "occurredAt"])
    .where("resourceId", "in", ids)
    .where("type", "in", [AT_RISK_EVENT, BACK_ON_TRACK_EVENT])
    .orderBy("occurredAt")
    .execute();
  return new Map(
    requests.map(({ id, ...request }) => [
      id,
      {
        ...request,
        events: events
          .filter((event) => event.resourceId === id)
          .map(({ type, occurredAt }) => ({ type, occurredAt })),
      },
    ]),
  );
}

const markEveryOpenRequestDue = (organisationId: string) =>
  sql`UPDATE "MovementRequest" SET "atRiskCheckAt" = '1970-01-01'
    WHERE "organisationId" = ${organisationId} AND "status" NOT IN ('DELIVERED', 'CANCELLED', 'ABORTED')`.execute(
    kysely(),
  );

describe("the incremental at-risk pass", () => {
  it("leaves every request as measuring every open request each time does", async () => {
    const twins: Twin[] = [];
    for (const variant of VARIANTS) twins.push(await createTwin(variant));
    const next = random(36);
    /** Something a writer does to both twins at a pass, by index. */
    const writes = new Map<number, (world: World, id: string) => Promise<unknown>>([
      [30, ({ world, driverId }, id) => operateOk(world, "assign", id, { driverId })],
      [60, ({ world }, id) => operateOk(world, "collected", id)],
      [110, ({ world }, id) => operateOk(world, "delivered", id, {})],
    ]);
    let passes = 0;
    let fullEvaluations = 0;
    let evaluations = 0;
    // Mostly a pass a minute, as the worker does, with jumps of up to 3 hours.
    const step = () => (passes % 20 < 15 ? 60_000 : Math.round(next() * 3 * HOUR) + 60_000);
    for (let at = DAY - 6 * HOUR; at < DAY + 54 * HOUR; at += step()) {
      passes += 1;
      const write = writes.get(passes);
      if (write) {
        // One twin pair in three goes through the journey.
        for (const [index, twin] of twins.entries()) {
          if (index % 3 !== 1) continue;
          await write(incremental, twin.incremental);
          await write(full, twin.full);
        }
      }
      if (passes === 45) {
        await sql`UPDATE "MovementRequest" SET "deliveryByDate" = "deliveryByDate" + 1
          WHERE "id" IN (${twins[2]!.incremental}, ${twins[2]!.full})`.execute(kysely());
      }
      if (passes === 80) {
        await sql`UPDATE "Site" SET "timezone" = 'America/Los_Angeles'
          WHERE "id" IN (${incremental.world.sites.dallas.id}, ${full.world.sites.dallas.id})`.execute(
          kysely(),
        );
      }
      await markEveryOpenRequestDue(full.world.organisation.id);
      const open = await kysely()
        .selectFrom("MovementRequest")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("organisationId", "=", full.world.organisation.id)
        .where("status", "not in", ["DELIVERED", "CANCELLED", "ABORTED"])
        .executeTakeFirstOrThrow();
      const pass = await evaluateAtRisk(new Date(at), { chunkSize: 3 });
      fullEvaluations += Number(open.count);
      evaluations += pass!.evaluated - Number(open.count);
      const outcomes = await outcomesOf(twins.flatMap((twin) => [twin.incremental, twin.full]));
      for (const twin of twins) {
        const [mine, oracle] = [outcomes.get(twin.incremental), outcomes.get(twin.full)];
        expect({ pass: passes, ...mine }).toEqual({ pass: passes, ...oracle });
      }
    }
    // It did the job with a fraction of the measurements.
    const flips = await kysely()
      .selectFrom("Event")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("organisationId", "=", incremental.world.organisation.id)
      .where("type", "in", [AT_RISK_EVENT, BACK_ON_TRACK_EVENT])
      .executeTakeFirstOrThrow();
    expect(Number(flips.count)).toBeGreaterThan(3);
    expect(passes).toBeGreaterThan(100);
    expect(evaluations).toBeLessThan(fullEvaluations / 4);
  }, 300_000); // some 160 passes of many small chunks, each resting as long as it took
});
