// The marketplace against a real database: invitation, posting, who sees what (tenancy of carriers),
// claims and bids, accepting a bid, auto-accept, expiry, and two claims at once.
import { beforeAll, describe, expect, it } from "vitest";
import { kysely } from "@/lib/db";
import { acceptMarketplaceBid } from "@/lib/marketplace/accept-bid";
import type { MarketplaceCarrierScope } from "@/lib/marketplace/find-carrier";
import { findCarrierOfUser } from "@/lib/marketplace/find-carrier";
import { listCarriers, setMarketplaceAutoAccept } from "@/lib/marketplace/carriers";
import { inviteCarrier } from "@/lib/marketplace/invite-carrier";
import { findInvitation, joinMarketplace } from "@/lib/marketplace/join-marketplace";
import { listCarrierJobs } from "@/lib/marketplace/list-carrier-jobs";
import { listRequestMarketplace } from "@/lib/marketplace/list-request-bids";
import { placeOffer } from "@/lib/marketplace/place-offer";
import { postToMarketplace } from "@/lib/marketplace/post-to-marketplace";
import { getMovementRequestOrThrow } from "@/lib/movement-requests/get-movement-request-or-throw";
import { toMovementRequestResponse } from "@/lib/movement-requests/to-movement-request-response";
import { createMovementWorld, type MovementWorld } from "@/test/movement-world";
import { POST as acceptRoute } from "@/app/v1/operations/movement-requests/[requestId]/accept/route";
import { POST as createInPoolRoute } from "@/app/v1/movement-requests/create-in-planning-pool/route";
import { auditTrailOf, operationsApi } from "@/test/operations-test-kit";
import { setupTestDatabase } from "@/test/test-database";

const { createPoolRequest, operate } = operationsApi({
  accept: acceptRoute,
  createInPool: createInPoolRoute,
});

const database = setupTestDatabase();
let a: MovementWorld;
let b: MovementWorld;
let northern: MarketplaceCarrierScope;
let pennine: MarketplaceCarrierScope;
let farAway: MarketplaceCarrierScope;
let otherOrgs: MarketplaceCarrierScope;

const staffOf = (world: MovementWorld) => ({
  organisationId: world.organisation.id,
  actor: "user:dispatcher@marketplace.test",
});

async function carrier(
  world: MovementWorld,
  name: string,
  postcodeAreas: string[],
  transportMethods: ("DRIVEN" | "TRANSPORTED")[] = ["DRIVEN"],
): Promise<MarketplaceCarrierScope> {
  const email = `${name.toLowerCase().replace(/\W+/g, "-")}-${world.organisation.id.toLowerCase()}@carriers.test`;
  const { carrierId, url } = await inviteCarrier(staffOf(world), {
    name,
    email,
    kind: "INDEPENDENT_DRIVER",
    transportMethods,
    postcodeAreas,
  });
  await joinMarketplace(url.split("/").pop() ?? "", "a long enough password");
  const row = await kysely()
    .selectFrom("MarketplaceCarrier")
    .select("userId")
    .where("id", "=", carrierId)
    .executeTakeFirstOrThrow();
  const scope = await findCarrierOfUser(row.userId);
  if (!scope) throw new Error("no carrier");
  return scope;
}

async function posted(world: MovementWorld, overrides: Record<string, unknown> = {}): Promise<string> {
  const created = await createPoolRequest(world, overrides);
  await postToMarketplace(staffOf(world), created.id as string);
  return created.id as string;
}

async function statusOf(requestId: string) {
  return (await requestRow(requestId)).status;
}

function bidsOf(requestId: string) {
  return kysely()
    .selectFrom("MarketplaceBid")
    .select(["id", "acceptedAt"])
    .where("movementRequestId", "=", requestId)
    .execute();
}

function requestRow(requestId: string) {
  return kysely()
    .selectFrom("MovementRequest")
    .selectAll()
    .where("id", "=", requestId)
    .executeTakeFirstOrThrow();
}

beforeAll(async () => {
  a = await createMovementWorld(database.prisma);
  b = await createMovementWorld(database.prisma);
  northern = await carrier(a, "Northern Haulage", ["M", "LS"], ["DRIVEN", "TRANSPORTED"]);
  pennine = await carrier(a, "Pennine Drivers", ["M"]);
  farAway = await carrier(a, "Plymouth Movers", ["PL"]);
  otherOrgs = await carrier(b, "Harbour Carriers", ["M"]);
});

describe("invitation", () => {
  it("e-mails a one-time link; the carrier sets its password and has a CARRIER account", async () => {
    const { url } = await inviteCarrier(staffOf(a), {
      name: "Invited Ltd",
      email: "invited@carriers.test",
      kind: "THIRD_PARTY_LOGISTICS",
      transportMethods: ["TRANSPORTED"],
      postcodeAreas: ["B"],
    });
    const token = url.split("/").pop() ?? "";
    const mail = await kysely()
      .selectFrom("EmailMessage")
      .selectAll()
      .where("to", "=", "invited@carriers.test")
      .executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ kind: "carrier_invite", organisationId: a.organisation.id });
    expect(mail.text).toContain(url);
    expect(await findInvitation(token)).toMatchObject({ carrierName: "Invited Ltd" });
    await joinMarketplace(token, "another long password");
    await expect(joinMarketplace(token, "another long password")).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await findInvitation(token)).toBeNull();
    const user = await kysely()
      .selectFrom("User")
      .select("role")
      .where("email", "=", "invited@carriers.test")
      .executeTakeFirstOrThrow();
    expect(user.role).toBe("CARRIER");
  });

  it("refuses an address that already has an account", async () => {
    const taken = await kysely()
      .selectFrom("User")
      .select("email")
      .where("role", "=", "CARRIER")
      .limit(1)
      .executeTakeFirstOrThrow();
    await expect(
      inviteCarrier(staffOf(a), {
        name: "Again",
        email: taken.email,
        kind: "INDEPENDENT_DRIVER",
        transportMethods: ["DRIVEN"],
        postcodeAreas: ["M"],
      }),
    ).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
  });
});

describe("the carriers", () => {
  it("are listed with their coverage, as arrays", async () => {
    const listed = await listCarriers(a.organisation.id);
    expect(listed.find((carrier) => carrier.id === northern.carrierId)).toMatchObject({
      transportMethods: ["DRIVEN", "TRANSPORTED"],
      postcodeAreas: ["M", "LS"],
    });
  });

  it("that a posted request matches get an e-mail; the others do not", async () => {
    const requestId = await posted(a, { transportMethod: "TRANSPORTED" });
    const mails = await kysely()
      .selectFrom("EmailMessage")
      .select(["to", "text"])
      .where("kind", "=", "marketplace_posted")
      .where("createdAt", ">=", new Date(Date.now() - 60_000))
      .orderBy("createdAt", "desc")
      .execute();
    const about = mails.filter((mail) => mail.text.includes("/carrier/jobs"));
    const recipients = (
      await kysely()
        .selectFrom("User as u")
        .innerJoin("MarketplaceCarrier as c", "c.userId", "u.id")
        .select(["u.email", "c.id"])
        .where("c.id", "in", [northern.carrierId, pennine.carrierId, farAway.carrierId])
        .execute()
    ).map((user) => [user.id, user.email] as const);
    const mailedTo = new Set(about.map((mail) => mail.to));
    const emailOf = (id: string) => recipients.find(([carrierId]) => carrierId === id)?.[1];
    expect(mailedTo.has(emailOf(northern.carrierId) ?? "")).toBe(true);
    expect(mailedTo.has(emailOf(pennine.carrierId) ?? "")).toBe(false); // DRIVEN only
    expect(mailedTo.has(emailOf(farAway.carrierId) ?? "")).toBe(false); // PL only
    expect(requestId).toBeTruthy();
  });
});

describe("tenancy of carriers", () => {
  it("shows a posted request only to the organisation's carriers it matches", async () => {
    const requestId = await posted(a);
    const ids = async (scope: MarketplaceCarrierScope) => (await listCarrierJobs(scope)).map((job) => job.id);
    expect(await ids(northern)).toContain(requestId);
    expect(await ids(pennine)).toContain(requestId);
    expect(await ids(farAway)).not.toContain(requestId); // no area it serves
    expect(await ids(otherOrgs)).not.toContain(requestId); // another organisation's carrier
    const transported = await posted(a, { transportMethod: "TRANSPORTED" });
    expect(await ids(northern)).toContain(transported);
    expect(await ids(pennine)).not.toContain(transported); // a method it does not offer
  });

  it("refuses another organisation's carrier and an unmatched one as not found", async () => {
    const requestId = await posted(a);
    for (const scope of [otherOrgs, farAway]) {
      await expect(placeOffer(scope, requestId, { kind: "CLAIM" })).rejects.toMatchObject({
        code: "VEHICLE_MOVEMENT_REQUEST_NOT_FOUND",
      });
    }
    expect(await bidsOf(requestId)).toHaveLength(0);
  });

  it("never shows a carrier another carrier's bid; the dispatcher sees them all", async () => {
    const requestId = await posted(a);
    await placeOffer(northern, requestId, { kind: "BID", priceCents: 31_000, validForHours: 24 });
    await placeOffer(pennine, requestId, { kind: "BID", priceCents: 29_000, validForHours: 24 });
    const jobOf = async (scope: MarketplaceCarrierScope) =>
      (await listCarrierJobs(scope)).find((job) => job.id === requestId);
    expect((await jobOf(northern))?.myOffer?.price.centAmount).toBe(31_000);
    expect((await jobOf(pennine))?.myOffer?.price.centAmount).toBe(29_000);
    expect(JSON.stringify(await listCarrierJobs(northern))).not.toContain("29000");
    const board = await listRequestMarketplace(staffOf(a), requestId);
    expect(board.bids.map((bid) => bid.carrierName)).toEqual(["Pennine Drivers", "Northern Haulage"]);
    // Another organisation's dispatcher: not found.
    await expect(listRequestMarketplace(staffOf(b), requestId)).rejects.toMatchObject({
      code: "VEHICLE_MOVEMENT_REQUEST_NOT_FOUND",
    });
  });

  it("keeps a won request on the winner's page only, once it left the marketplace", async () => {
    const requestId = await posted(a);
    const { bidId } = await placeOffer(pennine, requestId, {
      kind: "BID",
      priceCents: 30_000,
      validForHours: 4,
    });
    await acceptMarketplaceBid(staffOf(a), requestId, bidId);
    expect((await listCarrierJobs(pennine)).find((job) => job.id === requestId)?.myOffer?.won).toBe(true);
    expect((await listCarrierJobs(northern)).map((job) => job.id)).not.toContain(requestId);
  });
});

describe("claims and bids", () => {
  it("a dispatcher accepts a bid: ACCEPTED_SENT_TO_MARKETPLACE, the agreed price, audit and event", async () => {
    const requestId = await posted(a);
    const { bidId } = await placeOffer(northern, requestId, {
      kind: "BID",
      priceCents: 27_500,
      validForHours: 24,
    });
    await acceptMarketplaceBid(staffOf(a), requestId, bidId);
    expect(await statusOf(requestId)).toBe("ACCEPTED_SENT_TO_MARKETPLACE");
    const response = toMovementRequestResponse(
      await getMovementRequestOrThrow(kysely(), { organisationId: a.organisation.id }, requestId),
    );
    expect(response.provider).toEqual({
      type: "MARKETPLACE",
      id: northern.carrierId,
      name: "Northern Haulage",
      agreedPrice: { centAmount: 27_500, currencyCode: "GBP" },
    });
    expect(response.cost).toEqual({ centAmount: 27_500, currencyCode: "GBP" });
    expect((await auditTrailOf(database.kysely, requestId)).map((entry) => entry.toStatus)).toEqual([
      "CREATED",
      "SENT_TO_MARKETPLACE",
      "ACCEPTED_SENT_TO_MARKETPLACE",
    ]);
    const events = await kysely()
      .selectFrom("Event")
      .select("type")
      .where("resourceId", "=", requestId)
      .execute();
    expect(events.map((event) => event.type)).toEqual(
      expect.arrayContaining([
        "movement_request.marketplace_bid_placed",
        "movement_request.marketplace_awarded",
      ]),
    );
  });

  it("does not accept an expired bid", async () => {
    const requestId = await posted(a);
    const placedAt = new Date(Date.now() - 2 * 60 * 60 * 1000);
    const { bidId } = await placeOffer(
      northern,
      requestId,
      { kind: "BID", priceCents: 20_000, validForHours: 1 },
      placedAt,
    );
    await expect(acceptMarketplaceBid(staffOf(a), requestId, bidId)).rejects.toMatchObject({
      code: "INVALID_STATUS_TRANSITION",
    });
    expect(await statusOf(requestId)).toBe("SENT_TO_MARKETPLACE");
    expect((await listRequestMarketplace(staffOf(a), requestId)).bids[0]).toMatchObject({ expired: true });
  });

  it("does not accept another request's bid, nor a request no longer on the marketplace", async () => {
    const first = await posted(a);
    const second = await posted(a);
    const { bidId } = await placeOffer(northern, first, { kind: "CLAIM" });
    await expect(acceptMarketplaceBid(staffOf(a), second, bidId)).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await acceptMarketplaceBid(staffOf(a), first, bidId);
    await expect(acceptMarketplaceBid(staffOf(a), first, bidId)).rejects.toMatchObject({
      code: "INVALID_STATUS_TRANSITION",
    });
    await expect(placeOffer(pennine, first, { kind: "CLAIM" })).rejects.toMatchObject({
      code: "INVALID_STATUS_TRANSITION",
    });
  });

  it("the operations API's accept refuses a marketplace request (it is won through a bid)", async () => {
    const requestId = await posted(a);
    const refused = await operate(a, "accept", requestId);
    expect(refused.status).toBe(409);
    expect(await statusOf(requestId)).toBe("SENT_TO_MARKETPLACE");
  });

  describe("with auto-accept", () => {
    beforeAll(() => setMarketplaceAutoAccept(a.organisation.id, true));

    it("the first claim at the estimate wins by itself", async () => {
      const requestId = await posted(a);
      expect(await placeOffer(pennine, requestId, { kind: "CLAIM" })).toMatchObject({ won: true });
      expect(await statusOf(requestId)).toBe("ACCEPTED_SENT_TO_MARKETPLACE");
    });

    it("a bid above the estimate does not win by itself; one under it does", async () => {
      const requestId = await posted(a);
      const estimate = (await requestRow(requestId)).estimatedCostCents as number;
      const above = { kind: "BID" as const, priceCents: estimate + 1, validForHours: 24 };
      expect(await placeOffer(northern, requestId, above)).toMatchObject({ won: false });
      expect(await statusOf(requestId)).toBe("SENT_TO_MARKETPLACE");
      const under = { kind: "BID" as const, priceCents: estimate - 100, validForHours: 24 };
      expect(await placeOffer(pennine, requestId, under)).toMatchObject({ won: true });
      expect(await statusOf(requestId)).toBe("ACCEPTED_SENT_TO_MARKETPLACE");
    });

    it("of concurrent claims exactly one wins; the others are refused and leave nothing", async () => {
      const requestId = await posted(a);
      const results = await Promise.allSettled([
        placeOffer(northern, requestId, { kind: "CLAIM" }),
        placeOffer(pennine, requestId, { kind: "CLAIM" }),
      ]);
      expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
      const refused = results.find((result) => result.status === "rejected");
      expect(refused?.reason).toMatchObject({ code: "INVALID_STATUS_TRANSITION" });
      expect(await statusOf(requestId)).toBe("ACCEPTED_SENT_TO_MARKETPLACE");
      const bids = await bidsOf(requestId);
      expect(bids).toHaveLength(1);
      expect(bids[0]?.acceptedAt).not.toBeNull();
      const audit = await auditTrailOf(database.kysely, requestId);
      expect(audit.filter((entry) => entry.toStatus === "ACCEPTED_SENT_TO_MARKETPLACE")).toHaveLength(1);
    });
  });
});
