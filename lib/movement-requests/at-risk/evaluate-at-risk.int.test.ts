// The worker's at-risk pass on a real database: a request turns at risk with its audit entry and event,
// a second pass changes nothing, and it clears when it is collected in time. Only one pass runs at once.
import { beforeAll, describe, expect, it } from "vitest";
import {
  AT_RISK_EVENT,
  AT_RISK_LOCK,
  BACK_ON_TRACK_EVENT,
  evaluateAtRisk,
} from "@/lib/movement-requests/at-risk/evaluate-at-risk";
import { kysely, sql, transaction } from "@/lib/db";
import { createMovementWorld, type MovementWorld } from "@/test/movement-world";
import { POST as assignRoute } from "@/app/v1/operations/movement-requests/[requestId]/assign/route";
import { POST as collectedRoute } from "@/app/v1/operations/movement-requests/[requestId]/collected/route";
import { POST as createInPoolRoute } from "@/app/v1/movement-requests/create-in-planning-pool/route";
import { operationsApi } from "@/test/operations-test-kit";
import { setupTestDatabase } from "@/test/test-database";
import { createDriver, createUser } from "@/prisma/factories";

const { createPoolRequest, operateOk } = operationsApi({
  assign: assignRoute,
  collected: collectedRoute,
  createInPool: createInPoolRoute,
});

const database = setupTestDatabase();
let world: MovementWorld;
let driverId: string;
let dispatcherEmail: string;

beforeAll(async () => {
  world = await createMovementWorld(database.prisma);
  driverId = (await createDriver(database.prisma, { organisationId: world.organisation.id })).id;
  dispatcherEmail = (
    await createUser(database.prisma, { organisationId: world.organisation.id, role: "DISPATCHER" })
  ).email;
});
const digestsTo = (email: string) =>
  kysely()
    .selectFrom("EmailMessage")
    .selectAll()
    .where("kind", "=", "at_risk_digest")
    .where("to", "=", email)
    .orderBy("createdAt")
    .execute();

// Ready and due on one day far ahead (Leeds's midnight is 23:00 UTC), the pass asked at 17:00 UTC that
// day: with no history, the fallback (a carrier now at the soonest, as the request waits far longer
// than the usual 4 h; 4 h to collect; about 2 h on the road) cannot make it by midnight; once on the
// road at 18:00 it can.
const DAY = "2031-06-10";
const FIVE_PM = new Date(`${DAY}T17:00:00Z`);
const readyOnDay = (deliveryByDate: string) =>
  createPoolRequest(world, {
    origin: {
      location: { type: "INTERNAL", siteId: world.sites.manchester.id },
      readyToCollectFromDate: DAY,
    },
    destination: { location: { type: "INTERNAL", siteId: world.sites.leeds.id }, deliveryByDate },
  });
const sameDay = () => readyOnDay(DAY);
const stateOf = (id: string) =>
  kysely().selectFrom("MovementRequest").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const eventsOf = (id: string) =>
  kysely()
    .selectFrom("Event")
    .selectAll()
    .where("resourceId", "=", id)
    .where("type", "in", [AT_RISK_EVENT, BACK_ON_TRACK_EVENT])
    .orderBy("resourceVersion")
    .execute();

describe("the at-risk pass", () => {
  it("flags a request that cannot make its deadline, once, and clears it when collected in time", async () => {
    const created = await sameDay();
    const far = await readyOnDay("2031-06-20"); // ten days to spare
    // Ready the day before and due then: late at 17:00, which is not "at risk".
    const late = await createPoolRequest(world, {
      origin: {
        location: { type: "INTERNAL", siteId: world.sites.manchester.id },
        readyToCollectFromDate: "2031-06-09",
      },
      destination: {
        location: { type: "INTERNAL", siteId: world.sites.leeds.id },
        deliveryByDate: "2031-06-09",
      },
    });

    const first = await evaluateAtRisk(FIVE_PM);
    expect(first?.nowAtRisk).toBeGreaterThanOrEqual(1);
    const flagged = await stateOf(created.id);
    expect(flagged.atRiskSince).toEqual(FIVE_PM);
    expect(flagged.expectedArrivalAt!.getTime()).toBeGreaterThan(new Date(`${DAY}T23:00:00Z`).getTime());
    expect((await stateOf(far.id)).atRiskSince).toBeNull();
    expect((await stateOf(late.id)).atRiskSince).toBeNull();
    const [event] = await eventsOf(created.id);
    expect(event).toMatchObject({ type: AT_RISK_EVENT, resourceVersion: flagged.version, envelope: null });
    expect(event?.payload).toMatchObject({ status: "CREATED", deadline: "2031-06-10T23:00:00.000Z" });
    const audit = await kysely()
      .selectFrom("MovementRequestStatusChange")
      .selectAll()
      .where("movementRequestId", "=", created.id)
      .where("reason", "like", "At risk%")
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ fromStatus: "CREATED", toStatus: "CREATED", actor: "system" });

    // The dispatchers' digest lists it.
    const [digest] = await digestsTo(dispatcherEmail);
    expect(digest?.subject).toMatch(/^At risk: \d+ movements? may miss their deadline$/);
    expect(digest?.text).toContain(`${created.vehicle.vrm} Ford Focus: `);
    expect(digest?.text).toContain("/board?atRisk=1");

    // Asked again: nothing new, and no second digest within the hour.
    await evaluateAtRisk(new Date(FIVE_PM.getTime() + 60_000));
    expect(await eventsOf(created.id)).toHaveLength(1);
    expect(await digestsTo(dispatcherEmail)).toHaveLength(1);

    // Planned and collected: on the road, Manchester → Leeds fits in the evening.
    await operateOk(world, "assign", created.id, { driverId });
    await operateOk(world, "collected", created.id);
    const later = new Date(`${DAY}T18:00:00Z`);
    const cleared = await evaluateAtRisk(later);
    expect(cleared?.backOnTrack).toBeGreaterThanOrEqual(1);
    expect((await stateOf(created.id)).atRiskSince).toBeNull();
    expect((await eventsOf(created.id)).map((item) => item.type)).toEqual([
      AT_RISK_EVENT,
      BACK_ON_TRACK_EVENT,
    ]);
  });

  it("clears the flag of a request cancelled since the last pass", async () => {
    const created = await sameDay();
    await evaluateAtRisk(FIVE_PM);
    expect((await stateOf(created.id)).atRiskSince).toEqual(FIVE_PM);
    await kysely()
      .updateTable("MovementRequest")
      .set({ status: "CANCELLED", updatedAt: new Date() })
      .where("id", "=", created.id)
      .execute();
    await evaluateAtRisk(new Date(FIVE_PM.getTime() + 60_000));
    expect(await stateOf(created.id)).toMatchObject({ atRiskSince: null, expectedArrivalAt: null });
  });

  it("is skipped while another instance holds the lock", async () => {
    await sameDay();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = transaction(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(${AT_RISK_LOCK})`.execute(trx);
      locked();
      await held;
    });
    await isLocked;
    expect(await evaluateAtRisk(FIVE_PM)).toBeNull();
    release();
    await holder;
    expect(await evaluateAtRisk(FIVE_PM)).not.toBeNull();
  });
});
