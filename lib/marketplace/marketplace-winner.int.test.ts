// The marketplace winner does the job (issue 16 §4): signed in as the winning carrier, it records
// collection and delivery with their proof through its own job routes (the job link's handlers, its
// session and award as the credential), with the events, webhooks and audit of any carrier. A losing
// carrier, another organisation's carrier, staff and a signed-out request are refused; a replayed
// offline action changes nothing; and a carrier withdraws its open claim or bid, but not a winning one.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startUserSession } from "@/lib/auth/user-sessions";
import { kysely } from "@/lib/db";
import { acceptMarketplaceBid } from "@/lib/marketplace/accept-bid";
import { carrierJobsStream } from "@/lib/marketplace/carrier-jobs-stream";
import { findCarrierOfUser, type MarketplaceCarrierScope } from "@/lib/marketplace/find-carrier";
import { inviteCarrier } from "@/lib/marketplace/invite-carrier";
import { listCarrierJobs } from "@/lib/marketplace/list-carrier-jobs";
import { placeOffer } from "@/lib/marketplace/place-offer";
import { postToMarketplace } from "@/lib/marketplace/post-to-marketplace";
import { withdrawOffer } from "@/lib/marketplace/withdraw-offer";
import { parseBoardQuery } from "@/lib/movement-requests/board/board-query";
import { listBoardRows } from "@/lib/movement-requests/board/list-board-rows";
import { MOVEMENT_REQUEST_TRANSITIONS } from "@/lib/movement-requests/transitions";
import { folderStore } from "@/lib/object-store/folder-store";
import { useProofStore } from "@/lib/proofs/proof-store";
import { GET as viewRoute } from "@/app/carrier/jobs/[requestId]/view/route";
import { POST as actionsRoute } from "@/app/carrier/jobs/[requestId]/actions/route";
import { POST as positionsRoute } from "@/app/carrier/jobs/[requestId]/positions/route";
import { POST as proofsRoute } from "@/app/carrier/jobs/[requestId]/proofs/route";
import { PUT as uploadRoute } from "@/app/carrier/jobs/[requestId]/proof-photos/[photoId]/route";
import { carrierJobApi } from "@/test/carrier-job-kit";
import { createMovementWorld, type MovementWorld } from "@/test/movement-world";
import { POST as createInPoolRoute } from "@/app/v1/movement-requests/create-in-planning-pool/route";
import { auditTrailOf, operationsApi } from "@/test/operations-test-kit";
import { uploadCompleteProofWith } from "@/test/proof-kit";
import { setupTestDatabase } from "@/test/test-database";
import { createUser } from "@/prisma/factories";

const { createPoolRequest } = operationsApi({ createInPool: createInPoolRoute });
const { actOnCarrierJob, carrierPhotoUploader, postCarrierPositions, postCarrierProof, viewCarrierJob } =
  carrierJobApi({
    view: viewRoute,
    actions: actionsRoute,
    positions: positionsRoute,
    proofs: proofsRoute,
    upload: uploadRoute,
  });

const session = vi.hoisted(() => ({ current: null as { user: { id: string }; sessionId: string } | null }));
vi.mock("@/lib/auth/staff-auth", () => ({ auth: async () => session.current }));

const database = setupTestDatabase();
const folder = mkdtempSync(path.join(tmpdir(), "vms-winner-proofs-"));
type Carrier = { scope: MarketplaceCarrierScope; session: { user: { id: string }; sessionId: string } };
let a: MovementWorld;
let winner: Carrier;
let loser: Carrier;
let otherOrgs: Carrier;
let dispatcher: { user: { id: string }; sessionId: string };

const staffOf = (world: MovementWorld) => ({
  organisationId: world.organisation.id,
  actor: "user:dispatcher@winner.test",
});

async function sessionOf(userId: string) {
  const started = await startUserSession({ userId, userAgent: null, ipAddress: null });
  return { user: { id: userId }, sessionId: started.id };
}

async function carrier(world: MovementWorld, name: string): Promise<Carrier> {
  const { carrierId } = await inviteCarrier(staffOf(world), {
    name,
    email: `${name.toLowerCase().replace(/\W+/g, "-")}@winners.test`,
    kind: "THIRD_PARTY_LOGISTICS",
    transportMethods: ["DRIVEN", "TRANSPORTED"],
    postcodeAreas: ["M", "LS"],
  });
  const row = await kysely()
    .selectFrom("MarketplaceCarrier")
    .select("userId")
    .where("id", "=", carrierId)
    .executeTakeFirstOrThrow();
  const scope = await findCarrierOfUser(row.userId);
  if (!scope) throw new Error("no carrier");
  return { scope, session: await sessionOf(row.userId) };
}

/** Posted; the winner and the loser bid; the dispatcher accepts the winner's bid. */
async function wonJob(): Promise<string> {
  const created = await createPoolRequest(a);
  const requestId = created.id as string;
  await postToMarketplace(staffOf(a), requestId);
  const { bidId } = await placeOffer(winner.scope, requestId, {
    kind: "BID",
    priceCents: 9000,
    validForHours: 24,
  });
  await placeOffer(loser.scope, requestId, { kind: "BID", priceCents: 9500, validForHours: 24 });
  await acceptMarketplaceBid(staffOf(a), requestId, bidId);
  return requestId;
}

function requestRow(requestId: string) {
  return kysely()
    .selectFrom("MovementRequest")
    .select(["status", "version"])
    .where("id", "=", requestId)
    .executeTakeFirstOrThrow();
}

async function statusOf(requestId: string) {
  return (await requestRow(requestId)).status;
}

function bidsOf(requestId: string) {
  return kysely()
    .selectFrom("MarketplaceBid")
    .select("id")
    .where("movementRequestId", "=", requestId)
    .execute();
}

/** The published movement events of the request (their resource is the leg; the envelope names the request). */
async function envelopeOf(requestId: string, type: string) {
  const events = await kysely()
    .selectFrom("Event")
    .select("envelope")
    .where("organisationId", "=", a.organisation.id)
    .where("type", "=", type)
    .execute();
  return events
    .map((event) => JSON.parse(event.envelope ?? "{}") as { movement?: { movementRequestId?: string } })
    .filter((envelope) => envelope.movement?.movementRequestId === requestId);
}

beforeAll(async () => {
  useProofStore(folderStore(folder));
  a = await createMovementWorld(database.prisma);
  const b = await createMovementWorld(database.prisma);
  winner = await carrier(a, "Winning Wheels");
  loser = await carrier(a, "Second Place Transport");
  otherOrgs = await carrier(b, "Elsewhere Carriers");
  const staff = await createUser(database.prisma, { organisationId: a.organisation.id, role: "DISPATCHER" });
  dispatcher = await sessionOf(staff.id);
});

afterAll(() => {
  useProofStore(undefined);
  rmSync(folder, { recursive: true, force: true });
});

beforeEach(() => {
  session.current = winner.session;
});

describe("the marketplace winner", () => {
  it("finds the won job under its jobs, carries the legs, and is offered collected or abort", async () => {
    const requestId = await wonJob();
    const jobs = await listCarrierJobs(winner.scope);
    expect(jobs.find((job) => job.id === requestId)?.myOffer?.won).toBe(true);
    const legs = await kysely()
      .selectFrom("Movement")
      .select("marketplaceCarrierId")
      .where("movementRequestId", "=", requestId)
      .execute();
    expect(legs.every((leg) => leg.marketplaceCarrierId === winner.scope.carrierId)).toBe(true);
    const view = await viewCarrierJob(requestId);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({
      state: "active",
      carrierName: "Winning Wheels",
      actions: ["collected", "aborted"],
    });

    // The board names the winner as the carrier, and the "no carrier" filter leaves the request out.
    const board = (search: Record<string, string>) =>
      listBoardRows(a.organisation.id, parseBoardQuery(new URLSearchParams(search)));
    const row = (await board({ q: requestId })).rows.find((each) => each.id === requestId);
    expect(row?.carrier).toEqual({ type: "MARKETPLACE", id: winner.scope.carrierId, name: "Winning Wheels" });
    expect((await board({ carrier: "none" })).rows.map((each) => each.id)).not.toContain(requestId);
  });

  it("records collection and delivery with their proof; events, webhooks and audit name the carrier", async () => {
    const requestId = await wonJob();
    const upload = carrierPhotoUploader(requestId);
    const collection = await uploadCompleteProofWith(upload, "collection");
    expect((await postCarrierProof(requestId, collection)).status).toBe(201);
    expect((await actOnCarrierJob(requestId, { action: "collected" })).body).toMatchObject({
      action: "collected",
      status: "IN_PROGRESS",
    });
    const delivery = await uploadCompleteProofWith(upload, "delivery");
    expect((await postCarrierProof(requestId, delivery)).status).toBe(201);
    expect((await actOnCarrierJob(requestId, { action: "delivered" })).body).toMatchObject({
      action: "delivered",
      status: "DELIVERED",
    });

    const proofs = await kysely()
      .selectFrom("Proof")
      .select(["kind", "recordedBy"])
      .where("movementRequestId", "=", requestId)
      .execute();
    expect(proofs.map((proof) => [proof.kind, proof.recordedBy]).sort()).toEqual([
      ["COLLECTION", `carrier:${winner.scope.carrierId}`],
      ["DELIVERY", `carrier:${winner.scope.carrierId}`],
    ]);
    for (const type of ["movement.collected", "movement.delivered"]) {
      const [envelope] = await envelopeOf(requestId, type);
      expect(envelope, type).toMatchObject({
        proof: { kind: type === "movement.collected" ? "collection" : "delivery", personName: "Sam Porter" },
      });
      expect(envelope, type).toMatchObject({
        provider: {
          type: "MARKETPLACE",
          id: winner.scope.carrierId,
          name: "Winning Wheels",
          agreedPrice: { centAmount: 9000 },
        },
      });
    }
    const actors = (await auditTrailOf(database.kysely, requestId)).map((change) => change.actor);
    expect(actors).toContain(`carrier:${winner.scope.carrierId}`);
  });

  it("replays an offline action: the same key a second time changes nothing", async () => {
    const requestId = await wonJob();
    const collection = await uploadCompleteProofWith(carrierPhotoUploader(requestId), "collection");
    expect((await postCarrierProof(requestId, collection)).status).toBe(201);
    const replayedProof = await postCarrierProof(requestId, collection);
    expect(replayedProof.status).toBe(200);
    expect(replayedProof.response.headers.get("idempotent-replayed")).toBe("true");

    const body = { action: "collected", idempotencyKey: "9b0c2f7e-offline-collected" };
    const first = await actOnCarrierJob(requestId, body);
    const versionAfterFirst = (await requestRow(requestId)).version;
    const second = await actOnCarrierJob(requestId, body);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.response.headers.get("idempotent-replayed")).toBe("true");
    expect(await envelopeOf(requestId, "movement.collected")).toHaveLength(1);
    expect(
      await kysely().selectFrom("Proof").select("id").where("movementRequestId", "=", requestId).execute(),
    ).toHaveLength(1);
    const after = await requestRow(requestId);
    expect(after.version).toBe(versionAfterFirst);
  });
});

describe("telling the winner", () => {
  /** What the carrier's live stream sends in `ms` from the given event on, as the signed-in carrier. */
  async function streamed(carrier: Carrier, after: bigint, ms: number): Promise<string> {
    session.current = carrier.session;
    const abort = new AbortController();
    const response = await carrierJobsStream(
      new Request(`http://vms.test/carrier/jobs/stream?lastEventId=${after}`, { signal: abort.signal }),
    );
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const reader = response.body!.getReader();
    const stop = setTimeout(() => abort.abort(), ms);
    let text = "";
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) break;
      text += new TextDecoder().decode(chunk.value);
      if (text.includes("event: ")) break;
    }
    clearTimeout(stop);
    abort.abort();
    return text;
  }

  it("e-mails the winner (through the outbox, in the award's transaction) and no other carrier", async () => {
    const requestId = await wonJob();
    const won = await kysely()
      .selectFrom("EmailMessage")
      .select(["to", "subject", "text", "html"])
      .where("kind", "=", "marketplace_won")
      .execute();
    const mine = won.filter((mail) => mail.text.includes(`/carrier/jobs/${requestId}`));
    expect(mine.map((mail) => mail.to)).toEqual(["winning-wheels@winners.test"]);
    expect(mine[0]?.subject).toMatch(/^Your bid won: /);
    expect(mine[0]?.text).toContain("accepted your bid at £90.00");
    expect(mine[0]?.html).toContain(`/carrier/jobs/${requestId}`);
  });

  it("streams the award to the winner's jobs page as a reference only, and nothing to the loser", async () => {
    const latest = await kysely()
      .selectFrom("Event")
      .select("sequence")
      .where("organisationId", "=", a.organisation.id)
      .orderBy("sequence", "desc")
      .limit(1)
      .executeTakeFirst();
    const requestId = await wonJob();
    const toWinner = await streamed(winner, BigInt(latest?.sequence ?? 0), 5_000);
    expect(toWinner).toContain("event: movement_request.marketplace_awarded");
    const data = JSON.parse(/data: (.*)/.exec(toWinner)?.[1] ?? "{}") as Record<string, unknown>;
    expect(data).toMatchObject({ resourceId: requestId, type: "movement_request.marketplace_awarded" });
    expect(data).not.toHaveProperty("payload");
    expect(await streamed(loser, BigInt(latest?.sequence ?? 0), 1_000)).not.toContain("event: ");
  });

  it("refuses the stream to staff and the signed-out (401)", async () => {
    for (const current of [dispatcher, null]) {
      session.current = current;
      const response = await carrierJobsStream(new Request("http://vms.test/carrier/jobs/stream"));
      expect(response.status).toBe(401);
    }
  });
});

describe("the winner's positions on the road", () => {
  it("are taken from the winner once its leg is collected, as the carrier; nobody else's are", async () => {
    const requestId = await wonJob();
    const positions = [{ latitude: 53.6, longitude: -1.9, recordedAt: new Date().toISOString() }];
    expect((await postCarrierPositions(requestId, { positions })).status).toBe(409);
    const collection = await uploadCompleteProofWith(carrierPhotoUploader(requestId), "collection");
    expect((await postCarrierProof(requestId, collection)).status).toBe(201);
    expect((await actOnCarrierJob(requestId, { action: "collected" })).status).toBe(200);
    expect(await postCarrierPositions(requestId, { positions })).toMatchObject({
      status: 202,
      body: { accepted: 1 },
    });
    session.current = loser.session;
    expect((await postCarrierPositions(requestId, { positions })).status).toBe(404);
    session.current = otherOrgs.session;
    expect((await postCarrierPositions(requestId, { positions })).status).toBe(404);
    session.current = dispatcher;
    expect((await postCarrierPositions(requestId, { positions })).status).toBe(401);
    const stored = await kysely()
      .selectFrom("VehiclePosition")
      .select("source")
      .where("movementRequestId", "=", requestId)
      .execute();
    expect(stored.map((row) => row.source)).toEqual([`carrier:${winner.scope.carrierId}`]);
  });
});

describe("anyone else", () => {
  const refusedBy = async (requestId: string) => [
    (await viewCarrierJob(requestId)).status,
    (await actOnCarrierJob(requestId, { action: "collected" })).status,
    (await postCarrierProof(requestId, { idempotencyKey: "x".repeat(12) })).status,
    (await carrierPhotoUploader(requestId)("c6bd4b1c-3a3b-4a8e-9d61-2f4b0f7f1a10", new Uint8Array([1])))
      .status,
  ];

  it("is refused: the losing carrier and another organisation's carrier (404), staff and signed out (401)", async () => {
    const requestId = await wonJob();
    session.current = loser.session;
    expect(await refusedBy(requestId)).toEqual([404, 404, 404, 404]);
    session.current = otherOrgs.session;
    expect(await refusedBy(requestId)).toEqual([404, 404, 404, 404]);
    session.current = dispatcher;
    expect(await refusedBy(requestId)).toEqual([401, 401, 401, 401]);
    session.current = null;
    expect(await refusedBy(requestId)).toEqual([401, 401, 401, 401]);
    expect(await statusOf(requestId)).toBe("ACCEPTED_SENT_TO_MARKETPLACE");
    expect(
      await kysely()
        .selectFrom("ProofPhoto")
        .select("id")
        .where("storageKey", "like", `%${requestId}%`)
        .execute(),
    ).toEqual([]);
    expect(await envelopeOf(requestId, "movement.collected")).toHaveLength(0);
  });
});

describe("withdrawals", () => {
  it("a carrier withdraws its open bid before one is accepted; the request stays on the marketplace", async () => {
    const created = await createPoolRequest(a);
    const requestId = created.id as string;
    await postToMarketplace(staffOf(a), requestId);
    await placeOffer(loser.scope, requestId, { kind: "BID", priceCents: 9900, validForHours: 24 });
    await withdrawOffer(loser.scope, requestId);
    expect(await bidsOf(requestId)).toHaveLength(0);
    expect(await statusOf(requestId)).toBe("SENT_TO_MARKETPLACE");
    const events = await kysely()
      .selectFrom("Event")
      .select("id")
      .where("resourceId", "=", requestId)
      .where("type", "=", "movement_request.marketplace_bid_withdrawn")
      .execute();
    expect(events).toHaveLength(1);
    // Nothing left to withdraw; another organisation's carrier finds no such request.
    await expect(withdrawOffer(loser.scope, requestId)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(withdrawOffer(otherOrgs.scope, requestId)).rejects.toMatchObject({
      code: "VEHICLE_MOVEMENT_REQUEST_NOT_FOUND",
    });
  });

  it("refuses to withdraw once accepted: the winner's offer, and the loser's (the request left the marketplace)", async () => {
    const requestId = await wonJob();
    await expect(withdrawOffer(winner.scope, requestId)).rejects.toMatchObject({
      code: "INVALID_STATUS_TRANSITION",
    });
    await expect(withdrawOffer(loser.scope, requestId)).rejects.toMatchObject({
      code: "INVALID_STATUS_TRANSITION",
    });
    expect(await bidsOf(requestId)).toHaveLength(2);
  });

  it("a dispatcher cannot take a request back off the marketplace: the lifecycle has no such transition", () => {
    const from = Object.entries(MOVEMENT_REQUEST_TRANSITIONS)
      .filter(([, sources]) => "SENT_TO_MARKETPLACE" in sources)
      .map(([action, sources]) => [
        action,
        (sources as Record<string, readonly string[]>).SENT_TO_MARKETPLACE,
      ]);
    // Accepted by a carrier, aborted or cancelled: never back to the pool (CREATED, ACCEPTED).
    expect(from).toEqual([
      ["accept", ["ACCEPTED_SENT_TO_MARKETPLACE"]],
      ["abort", ["ABORTED"]],
      ["cancel", ["CANCELLED"]],
    ]);
  });
});
