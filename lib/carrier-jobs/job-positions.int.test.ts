// The positions a driver's phone shares through its job link (issue #35 §2): taken only while the
// link's own carrier has the leg on the road, stored once however often the phone's queue replays
// them, refused with a clear problem (and nothing stored) otherwise.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { kysely } from "@/lib/db";
import { POST as actionsRoute } from "@/app/jobs/[token]/actions/route";
import { POST as positionsRoute } from "@/app/jobs/[token]/positions/route";
import { mailedJobToken, jobLinkApi } from "@/test/job-link-kit";
import { createMovementWorld, type MovementWorld } from "@/test/movement-world";
import { POST as assignRoute } from "@/app/v1/operations/movement-requests/[requestId]/assign/route";
import { POST as createInPoolRoute } from "@/app/v1/movement-requests/create-in-planning-pool/route";
import { operationsApi } from "@/test/operations-test-kit";
import { setupTestDatabase } from "@/test/test-database";
import { createDriver } from "@/prisma/factories";

const { createPoolRequest, operateOk } = operationsApi({
  assign: assignRoute,
  createInPool: createInPoolRoute,
});
const { postJobPositions, actOnJobRoute: act } = jobLinkApi({
  actions: actionsRoute,
  positions: positionsRoute,
});

const database = setupTestDatabase();
let world: MovementWorld;
let ann: { id: string; email: string | null };
let bob: { id: string; email: string | null };

beforeAll(async () => {
  world = await createMovementWorld(database.prisma);
  const driver = (firstname: string) =>
    createDriver(database.prisma, {
      organisationId: world.organisation.id,
      firstname,
      email: `${firstname.toLowerCase()}-${randomUUID()}@drivers.test`,
    });
  ann = await driver("Ann");
  bob = await driver("Bob");
});

const at = (secondsAgo: number) => new Date(Date.now() - secondsAgo * 1000).toISOString();
const fix = (latitude: number, secondsAgo: number) => ({
  latitude,
  longitude: -2.24,
  accuracyMetres: 12,
  recordedAt: at(secondsAgo),
});

async function positionsOf(requestId: string) {
  return kysely()
    .selectFrom("VehiclePosition")
    .select(["latitude", "source", "movementId"])
    .where("movementRequestId", "=", requestId)
    .orderBy("recordedAt")
    .execute();
}

/** Offered to Ann and Bob at once; Ann accepts: Bob's link now shows the job taken. */
async function acceptedByAnn() {
  const created = await createPoolRequest(world);
  const requestId = created.id as string;
  await operateOk(world, "assign", requestId, { driverIds: [ann.id, bob.id] });
  const annToken = await mailedJobToken(database.kysely, ann);
  const bobToken = await mailedJobToken(database.kysely, bob);
  expect((await act(annToken, { action: "accept" })).status).toBe(200);
  return { requestId, annToken, bobToken };
}

describe("POST /jobs/{token}/positions", () => {
  it("is refused (409, nothing stored) until the leg is collected, then stored as the driver's, once", async () => {
    const { requestId, annToken } = await acceptedByAnn();
    const early = await postJobPositions(annToken, { positions: [fix(53.48, 60)] });
    expect(early.status).toBe(409);
    expect(early.response.headers.get("content-type")).toContain("application/problem+json");
    expect(await positionsOf(requestId)).toEqual([]);

    expect((await act(annToken, { action: "collected" })).status).toBe(200);
    const batch = { idempotencyKey: randomUUID(), positions: [fix(53.48, 40), fix(53.49, 10)] };
    const sent = await postJobPositions(annToken, batch);
    expect(sent).toMatchObject({ status: 202, body: { accepted: 2 } });
    const stored = await positionsOf(requestId);
    expect(stored.map((row) => [row.latitude, row.source])).toEqual([
      [53.48, `driver:${ann.id}`],
      [53.49, `driver:${ann.id}`],
    ]);
    const last = await kysely()
      .selectFrom("MovementLastPosition")
      .selectAll()
      .where("movementRequestId", "=", requestId)
      .execute();
    expect(last).toHaveLength(1);
    expect(last[0]).toMatchObject({ movementId: stored[0]?.movementId, latitude: 53.49 });

    // The phone's queue replays the batch (no answer reached it): the stored answer, nothing new.
    const replay = await postJobPositions(annToken, batch);
    expect(replay).toMatchObject({ status: 202, body: { accepted: 2 } });
    expect(replay.response.headers.get("idempotent-replayed")).toBe("true");
    // The same fixes under a new key (a queue rebuilt): still stored once.
    const again = await postJobPositions(annToken, { positions: batch.positions });
    expect(again).toMatchObject({ status: 202, body: { accepted: 0 } });
    expect(await positionsOf(requestId)).toHaveLength(2);
    // The same key with other positions is another batch: refused, not merged.
    const reused = await postJobPositions(annToken, { ...batch, positions: [fix(53.5, 5)] });
    expect(reused.status).toBe(409);
    expect(reused.body).toMatchObject({ code: "IDEMPOTENCY_KEY_REUSED" });
    expect(await positionsOf(requestId)).toHaveLength(2);
  });

  it("takes nothing from another driver's link of the same request (the link's own carrier only)", async () => {
    const { requestId, annToken, bobToken } = await acceptedByAnn();
    expect((await act(annToken, { action: "collected" })).status).toBe(200);
    const bob = await postJobPositions(bobToken, { positions: [fix(53.48, 30)] });
    expect(bob.status).toBe(409);
    expect(bob.body).toMatchObject({ code: "INVALID_STATUS_TRANSITION" });
    expect(await positionsOf(requestId)).toEqual([]);
  });

  it("is refused once delivered (409), and for an unknown link (404)", async () => {
    const { requestId, annToken } = await acceptedByAnn();
    expect((await act(annToken, { action: "collected" })).status).toBe(200);
    expect((await act(annToken, { action: "delivered" })).status).toBe(200);
    expect((await postJobPositions(annToken, { positions: [fix(53.48, 30)] })).status).toBe(409);
    expect((await postJobPositions("A".repeat(43), { positions: [fix(53.48, 30)] })).status).toBe(404);
    expect(await positionsOf(requestId)).toEqual([]);
  });

  it("answers bad input with 400 and stores nothing: out of range, too far ahead, empty, too many", async () => {
    const { requestId, annToken } = await acceptedByAnn();
    expect((await act(annToken, { action: "collected" })).status).toBe(200);
    const cases: Record<string, unknown>[] = [
      { positions: [{ ...fix(53.48, 30), latitude: 91 }] },
      { positions: [{ ...fix(53.48, 30), longitude: -181 }] },
      { positions: [fix(53.48, -600)] },
      { positions: [] },
      { positions: Array.from({ length: 501 }, (_, index) => fix(53.48, index)) },
      { positions: [fix(53.48, 30)], idempotencyKey: "short" },
    ];
    for (const body of cases) {
      const answer = await postJobPositions(annToken, body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(answer.body).toMatchObject({ code: "VALIDATION_ERROR" });
    }
    expect(await positionsOf(requestId)).toEqual([]);
  });
});
