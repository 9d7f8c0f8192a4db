// Carriers' job links against a real database: a link per offer, e-mailed, only its hash kept; its
// actions are the operations' own (audit, events); expiry, revocation, scope, idempotent actions, and
// the race of a multi-driver offer.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { revokeJobLink } from "@/lib/carrier-jobs/revoke-job-link";
import { listJobLinks } from "@/lib/carrier-jobs/list-job-links";
import { getJobView } from "@/lib/carrier-jobs/get-job-view";
import { newJobLink } from "@/lib/carrier-jobs/new-job-link";
import { kysely } from "@/lib/db";
import { markAborted } from "@/lib/movement-requests/operations/mark-aborted";
import { markCollected } from "@/lib/movement-requests/operations/mark-collected";
import { hashLinkToken } from "@/lib/security/link-token";
import { POST as actionsRoute } from "@/app/jobs/[token]/actions/route";
import { mailedJobToken, jobLinkApi } from "@/test/job-link-kit";
import { createMovementWorld, type MovementWorld } from "@/test/movement-world";
import { POST as assignRoute } from "@/app/v1/operations/movement-requests/[requestId]/assign/route";
import { POST as abortedRoute } from "@/app/v1/operations/movement-requests/[requestId]/aborted/route";
import { POST as createInPoolRoute } from "@/app/v1/movement-requests/create-in-planning-pool/route";
import { POST as createWith3plRoute } from "@/app/v1/movement-requests/create-with-3pl/route";
import { auditTrailOf, legsOf, operationsApi } from "@/test/operations-test-kit";
import { setupTestDatabase } from "@/test/test-database";
import { createDriver } from "@/prisma/factories";

const { create3plRequest, createPoolRequest, operateOk } = operationsApi({
  assign: assignRoute,
  aborted: abortedRoute,
  createInPool: createInPoolRoute,
  createWith3pl: createWith3plRoute,
});
const { actOnJobRoute } = jobLinkApi({ actions: actionsRoute });

const database = setupTestDatabase();
let world: MovementWorld;
let ann: { id: string; email: string | null };
let bob: { id: string; email: string | null };
let cat: { id: string; email: string | null };

beforeAll(async () => {
  world = await createMovementWorld(database.prisma);
  const organisationId = world.organisation.id;
  const driver = (firstname: string) =>
    createDriver(database.prisma, {
      organisationId,
      firstname,
      email: `${firstname.toLowerCase()}-${randomUUID()}@drivers.test`,
    });
  ann = await driver("Ann");
  bob = await driver("Bob");
  cat = await driver("Cat");
});

const mailedToken = (driver: { email: string | null }) => mailedJobToken(database.kysely, driver);
const requestRow = (id: string) =>
  kysely().selectFrom("MovementRequest").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const eventCount = async () =>
  Number(
    (
      await kysely()
        .selectFrom("Event")
        .select((eb) => eb.fn.countAll<string>().as("count"))
        .executeTakeFirstOrThrow()
    ).count,
  );
const act = actOnJobRoute;

async function offeredTo(drivers: { id: string }[]) {
  const created = await createPoolRequest(world);
  const assign =
    drivers.length === 1 ? { offerToDriverId: drivers[0]?.id } : { driverIds: drivers.map((d) => d.id) };
  await operateOk(world, "assign", created.id, assign);
  return created.id as string;
}

describe("a job link for every offer", () => {
  it("is e-mailed to each driver offered; only its hash is stored", async () => {
    const requestId = await offeredTo([ann]);
    const token = await mailedToken(ann);
    const link = await kysely()
      .selectFrom("JobLink")
      .selectAll()
      .where("movementRequestId", "=", requestId)
      .executeTakeFirstOrThrow();
    expect(link).toMatchObject({ driverId: ann.id, tokenHash: hashLinkToken(token) });
    expect(JSON.stringify(link)).not.toContain(token);
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    const view = await getJobView(token);
    expect(view).toMatchObject({ state: "active", status: "SENT_TO_DRIVER", actions: ["accept", "decline"] });
  });

  it("accept, collected, delivered: the operations' own transitions, audited as the driver", async () => {
    const requestId = await offeredTo([ann]);
    const token = await mailedToken(ann);
    expect((await act(token, { action: "accept" })).body).toMatchObject({
      status: "ACCEPTED_SENT_TO_DRIVER",
    });
    expect((await getJobView(token))?.actions).toEqual(["collected", "aborted"]);
    expect((await act(token, { action: "collected" })).body).toMatchObject({ status: "IN_PROGRESS" });
    expect((await act(token, { action: "delivered" })).body).toMatchObject({ status: "DELIVERED" });
    const trail = await auditTrailOf(database.kysely, requestId);
    expect(trail.slice(-3).map((change) => [change.toStatus, change.actor])).toEqual([
      ["ACCEPTED_SENT_TO_DRIVER", `driver:${ann.id}`],
      ["IN_PROGRESS", `driver:${ann.id}`],
      ["DELIVERED", `driver:${ann.id}`],
    ]);
    const events = await kysely()
      .selectFrom("Event")
      .select(["type", "resourceId"])
      .where("resourceType", "=", "movement")
      .where("type", "in", ["movement.collected", "movement.delivered"])
      .execute();
    const legIds = (await legsOf(database.kysely, requestId)).map((leg) => leg.id);
    expect(
      events
        .filter((event) => legIds.includes(event.resourceId))
        .map((event) => event.type)
        .sort(),
    ).toEqual(["movement.collected", "movement.delivered"]);
    // Delivered: nothing more to do, and the page still opens (for 7 days).
    expect((await getJobView(token))?.actions).toEqual([]);
  });

  it("expires 7 days after delivery", async () => {
    const requestId = await offeredTo([ann]);
    const token = await mailedToken(ann);
    await act(token, { action: "accept" });
    await act(token, { action: "collected" });
    await act(token, { action: "delivered" });
    const completedOn = (await requestRow(requestId)).completedOn as Date;
    const day = 86_400_000;
    expect(await getJobView(token, new Date(completedOn.getTime() + 7 * day - 1000))).not.toBeNull();
    expect(await getJobView(token, new Date(completedOn.getTime() + 7 * day + 1000))).toBeNull();
  });

  it("is revocable by the dispatcher: then 404, page and actions", async () => {
    const requestId = await offeredTo([ann]);
    const token = await mailedToken(ann);
    const scope = { organisationId: world.organisation.id };
    const [summary] = (await listJobLinks(scope, requestId)).links;
    expect(summary).toMatchObject({ state: "active", carrier: expect.stringContaining("Ann") });
    await revokeJobLink(scope, summary?.id ?? "");
    await revokeJobLink(scope, summary?.id ?? "");
    expect(await getJobView(token)).toBeNull();
    expect((await act(token, { action: "accept" })).status).toBe(404);
    expect((await listJobLinks(scope, requestId)).links[0]?.state).toBe("revoked");
    const other = await createMovementWorld(database.prisma);
    await expect(
      revokeJobLink({ organisationId: other.organisation.id }, summary?.id ?? ""),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });

  it("stops working when the offer goes to someone else; a new link replaces the old", async () => {
    const requestId = await offeredTo([ann]);
    const token = await mailedToken(ann);
    const scope = { organisationId: world.organisation.id, actor: "user:dispatcher@test" };
    const fresh = await newJobLink(scope, requestId, { driverId: ann.id });
    expect(fresh.qrSvg).toContain("<svg");
    expect(await getJobView(token)).toBeNull();
    const freshToken = fresh.url.split("/jobs/")[1] ?? "";
    expect((await getJobView(freshToken))?.state).toBe("active");
    await expect(newJobLink(scope, requestId, { driverId: bob.id })).rejects.toMatchObject({
      code: "INVALID_STATUS_TRANSITION",
    });
    await operateOk(world, "aborted", requestId, { reason: "Other" });
    expect((await getJobView(freshToken))?.actions).toEqual([]);
  });

  it("a planned driver gets a link too; planned with another driver, the first link is gone", async () => {
    const created = await createPoolRequest(world);
    await operateOk(world, "assign", created.id, { driverId: cat.id });
    const catToken = await mailedToken(cat);
    expect((await getJobView(catToken))?.actions).toEqual(["collected", "aborted"]);
    await operateOk(world, "assign", created.id, { driverId: bob.id });
    expect(await getJobView(catToken)).toBeNull();
    expect((await getJobView(await mailedToken(bob)))?.actions).toEqual(["collected", "aborted"]);
    const states = (await listJobLinks({ organisationId: world.organisation.id }, created.id)).links;
    expect(states.map((link) => link.state)).toEqual(["active", "superseded"]);
  });

  it("unknown and malformed tokens are 404, never a 5xx", async () => {
    for (const token of ["A".repeat(43), "short", "%FF%FE", "../../etc/passwd", "é".repeat(43)]) {
      expect(await getJobView(token)).toBeNull();
      expect((await act(token, { action: "accept" })).status).toBe(404);
    }
  });
});

describe("a 3PL's link", () => {
  it("is made by the dispatcher (3PLs have no e-mail here) and accepts as the 3PL", async () => {
    const created = await create3plRequest(world);
    const scope = { organisationId: world.organisation.id, actor: "user:dispatcher@test" };
    const providerId = world.providers.fullService.id;
    const { url } = await newJobLink(scope, created.id, { thirdPartyLogisticsProviderId: providerId });
    const token = url.split("/jobs/")[1] ?? "";
    expect(await getJobView(token)).toMatchObject({ state: "active", actions: ["accept", "decline"] });
    expect((await act(token, { action: "accept" })).body).toMatchObject({ status: "ACCEPTED_SENT_TO_3PL" });
    expect((await auditTrailOf(database.kysely, created.id)).at(-1)?.actor).toBe(`3pl:${providerId}`);
    expect((await getJobView(token))?.actions).toEqual(["collected", "aborted"]);
  });
});

describe("scope and idempotency", () => {
  it("acts only on the carrier's own legs; a leg number cannot be named", async () => {
    const requestId = await offeredTo([ann]);
    const token = await mailedToken(ann);
    await act(token, { action: "accept" });
    const named = await act(token, { action: "collected", legNumber: 1 });
    expect(named.status).toBe(400);
    // Another driver's link (planned on the same request) cannot act for Ann, nor Ann's for it.
    const otherRequestId = await offeredTo([bob]);
    const bobToken = await mailedToken(bob);
    expect((await act(bobToken, { action: "collected" })).status).toBe(409);
    expect((await legsOf(database.kysely, requestId))[0]?.status).toBe("OPEN");
    expect((await legsOf(database.kysely, otherRequestId))[0]?.status).toBe("OPEN");
  });

  it("under the request's lock, a carrier acts only on a leg it still carries (a re-plan a moment before)", async () => {
    const created = await createPoolRequest(world);
    await operateOk(world, "assign", created.id, { driverId: ann.id });
    // Bob's link chose leg 1 just before it was re-planned with Ann: the use case refuses it.
    const asBob = {
      organisationId: world.organisation.id,
      actor: `driver:${bob.id}`,
      carrier: { driverId: bob.id },
    };
    await expect(markCollected(asBob, created.id, { legNumber: 1 })).rejects.toMatchObject({
      code: "INVALID_STATUS_TRANSITION",
    });
    await expect(markAborted(asBob, created.id, { reason: "Other" })).rejects.toMatchObject({
      code: "INVALID_STATUS_TRANSITION",
    });
    expect((await legsOf(database.kysely, created.id))[0]?.status).toBe("OPEN");
  });

  it("the same idempotency key twice changes nothing the second time", async () => {
    const requestId = await offeredTo([ann]);
    const token = await mailedToken(ann);
    await act(token, { action: "accept" });
    const idempotencyKey = randomUUID();
    const first = await act(token, { action: "collected", idempotencyKey });
    const before = await requestRow(requestId);
    const eventsBefore = await eventCount();
    const second = await act(token, { action: "collected", idempotencyKey });
    expect(second.status).toBe(first.status);
    expect(second.body).toEqual(first.body);
    expect(second.response.headers.get("idempotent-replayed")).toBe("true");
    const after = await requestRow(requestId);
    expect(after.version).toBe(before.version);
    expect(await eventCount()).toBe(eventsBefore);
    // The same key for another action is refused.
    expect((await act(token, { action: "delivered", idempotencyKey })).status).toBe(409);
    // A replay after the job moved on still answers the stored outcome.
    await act(token, { action: "delivered" });
    expect((await act(token, { action: "collected", idempotencyKey })).status).toBe(200);
  });
});

describe("an offer to several drivers", () => {
  it("two concurrent accepts: exactly one wins; the other sees it taken and its link stops working", async () => {
    const requestId = await offeredTo([ann, bob, cat]);
    const tokens = { ann: await mailedToken(ann), bob: await mailedToken(bob), cat: await mailedToken(cat) };
    expect((await getJobView(tokens.ann))?.actions).toEqual(["accept", "decline"]);
    const [first, second] = await Promise.all([
      act(tokens.ann, { action: "accept" }),
      act(tokens.bob, { action: "accept" }),
    ]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([200, 409]);
    expect([first.body.message, second.body.message]).toContain("This job was taken by another driver.");
    const winner = first.status === 200 ? "ann" : "bob";
    const loser = winner === "ann" ? "bob" : "ann";
    const legs = await legsOf(database.kysely, requestId);
    expect(legs[0]?.driverId).toBe(winner === "ann" ? ann.id : bob.id);
    expect((await requestRow(requestId)).status).toBe("ACCEPTED_SENT_TO_DRIVER");
    expect(await getJobView(tokens[loser])).toMatchObject({ state: "taken", actions: [] });
    expect(await getJobView(tokens.cat)).toMatchObject({ state: "taken", actions: [] });
    expect((await act(tokens.cat, { action: "accept" })).status).toBe(409);
    expect((await getJobView(tokens[winner]))?.actions).toEqual(["collected", "aborted"]);
  });

  it("a driver may decline; the others still can accept", async () => {
    const requestId = await offeredTo([ann, bob]);
    const annToken = await mailedToken(ann);
    expect((await act(annToken, { action: "decline" })).body).toMatchObject({
      status: "SENT_TO_MULTIPLE_DRIVERS",
    });
    expect(await getJobView(annToken)).toMatchObject({ state: "declined", actions: [] });
    expect((await act(annToken, { action: "accept" })).status).toBe(409);
    expect((await act(await mailedToken(bob), { action: "accept" })).status).toBe(200);
    const states = (await listJobLinks({ organisationId: world.organisation.id }, requestId)).links.map(
      (l) => l.state,
    );
    expect(states.sort()).toEqual(["active", "declined"]);
  });
});

describe("what the job page shows", () => {
  it("each site's pin and number, the dispatch desk's number, the fixed date, and whether it is on the road", async () => {
    const { manchester, leeds } = world.sites;
    await kysely()
      .updateTable("Site")
      .set({ phone: "+441614960123" })
      .where("id", "=", manchester.id)
      .execute();
    await kysely()
      .updateTable("Organisation")
      .set({ dispatchPhone: "+441614960000" })
      .where("id", "=", world.organisation.id)
      .execute();
    const requestId = await offeredTo([ann]);
    await kysely()
      .updateTable("MovementRequest")
      .set({ deliverOnSpecifiedDate: true, updatedAt: new Date() })
      .where("id", "=", requestId)
      .execute();
    const token = await mailedToken(ann);
    const offered = await getJobView(token);
    expect(offered).toMatchObject({
      origin: { latitude: manchester.latitude, longitude: manchester.longitude, phone: "+441614960123" },
      destination: { latitude: leeds.latitude, longitude: leeds.longitude, phone: null },
      deadline: { onTheDay: true },
      onTheRoad: false,
    });
    expect(offered?.contacts).toContainEqual({
      label: `${world.organisation.name} dispatch`,
      email: null,
      phone: "+441614960000",
    });
    await act(token, { action: "accept" });
    expect((await getJobView(token))?.onTheRoad).toBe(false);
    await act(token, { action: "collected" });
    expect((await getJobView(token))?.onTheRoad).toBe(true);
    await act(token, { action: "delivered" });
    expect((await getJobView(token))?.onTheRoad).toBe(false);
  });
});
