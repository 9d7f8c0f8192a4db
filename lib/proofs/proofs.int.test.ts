// Proof of collection and delivery against a real database, with the folder store: uploads stripped of
// their location, the idempotent replay of an offline queue (photos and proof), the minimum photo set,
// bad uploads (400/409/413/415, never 500), the proof in the collected webhook, the operations API, and
// the signed photo links (expiry and tampering refused).
import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { kysely } from "@/lib/db";
import { GET as proofsApi } from "@/app/v1/operations/movement-requests/[requestId]/proofs/route";
import type { ProofView } from "@/lib/proofs/proof-schema";
import { folderStore } from "@/lib/object-store/folder-store";
import { useProofStore } from "@/lib/proofs/proof-store";
import { checkPhotoLink } from "@/lib/proofs/signed-photo-url";
import { getTrackingProof } from "@/lib/proofs/tracking-proof";
import { callRoute } from "@/test/call-route";
import { containsText, GPS_MARKER, jpegWithGps } from "@/test/image-fixtures";
import { POST as actionsRoute } from "@/app/jobs/[token]/actions/route";
import { mailedJobToken, jobLinkApi } from "@/test/job-link-kit";
import { createMovementWorld, type MovementWorld } from "@/test/movement-world";
import { POST as assignRoute } from "@/app/v1/operations/movement-requests/[requestId]/assign/route";
import { POST as createInPoolRoute } from "@/app/v1/movement-requests/create-in-planning-pool/route";
import { operationsApi } from "@/test/operations-test-kit";
import { PUT as uploadRoute } from "@/app/jobs/[token]/proof-photos/[photoId]/route";
import { POST as proofsRoute } from "@/app/jobs/[token]/proofs/route";
import { GET as photoRoute } from "@/app/api/proof-photos/[photoId]/route";
import { proofApi } from "@/test/proof-kit";
import { setupTestDatabase } from "@/test/test-database";
import { createDriver } from "@/prisma/factories";

const { createPoolRequest, operateOk } = operationsApi({
  assign: assignRoute,
  createInPool: createInPoolRoute,
});
const { actOnJobRoute } = jobLinkApi({ actions: actionsRoute });
const { fetchPhoto, postProof, uploadCompleteProof, uploadPhoto } = proofApi({
  upload: uploadRoute,
  proofs: proofsRoute,
  photo: photoRoute,
});

const database = setupTestDatabase();
const folder = mkdtempSync(path.join(tmpdir(), "vms-proofs-"));
let world: MovementWorld;

beforeAll(async () => {
  useProofStore(folderStore(folder));
  world = await createMovementWorld(database.prisma);
});

afterAll(() => {
  useProofStore(undefined);
  rmSync(folder, { recursive: true, force: true });
});

/** A request offered to a new driver, accepted through the link: the driver may collect now. */
async function acceptedJob() {
  const driver = await createDriver(database.prisma, {
    organisationId: world.organisation.id,
    email: `proof-${randomUUID()}@drivers.test`,
  });
  const created = await createPoolRequest(world);
  await operateOk(world, "assign", created.id, { offerToDriverId: driver.id });
  const token = await mailedJobToken(database.kysely, driver);
  expect((await actOnJobRoute(token, { action: "accept" })).status).toBe(200);
  return { requestId: created.id as string, token };
}

function storedFiles(): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.endsWith(".type"))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

function latestEvent(type: string) {
  return kysely()
    .selectFrom("Event")
    .select("envelope")
    .where("organisationId", "=", world.organisation.id)
    .where("type", "=", type)
    .orderBy("sequence", "desc")
    .limit(1)
    .executeTakeFirstOrThrow();
}

function showProofOnTrackingPage(shown: boolean) {
  return kysely()
    .updateTable("Organisation")
    .set({ proofOnTrackingPage: shown })
    .where("id", "=", world.organisation.id)
    .execute();
}

describe("proof of collection", () => {
  it("is recorded with its photos, their location stripped, and rides on the collected webhook", async () => {
    const { requestId, token } = await acceptedJob();
    const body = await uploadCompleteProof(token);
    const recorded = await postProof(token, body);
    expect(recorded.status).toBe(201);
    expect(recorded.body).toMatchObject({ kind: "collection", legNumber: 1 });
    // Nothing stored keeps the position the phone's EXIF carried.
    for (const file of storedFiles()) {
      expect(containsText(readFileSync(file), GPS_MARKER)).toBe(false);
    }
    expect((await actOnJobRoute(token, { action: "collected" })).status).toBe(200);

    const event = await latestEvent("movement.collected");
    const envelope = JSON.parse(event.envelope ?? "{}") as {
      movement: { movementRequestId: string };
      proof: ProofView;
    };
    expect(envelope.movement.movementRequestId).toBe(requestId);
    expect(envelope.proof).toMatchObject({
      kind: "collection",
      legNumber: 1,
      odometer: 48213,
      personName: "Sam Porter",
      damage: [{ panel: "front_left_door", note: "Scratch, 10 cm" }],
    });
    expect(envelope.proof.photos.map((photo) => photo.slot)).toEqual([
      "front_left",
      "front_right",
      "rear_left",
      "rear_right",
      "odometer",
      "damage",
    ]);
    const photo = await fetchPhoto(envelope.proof.photos[0]?.url ?? "");
    expect(photo.status).toBe(200);
    expect(photo.headers.get("content-type")).toBe("image/jpeg");
    expect(containsText(new Uint8Array(await photo.arrayBuffer()), GPS_MARKER)).toBe(false);
    const signature = await fetchPhoto(envelope.proof.signatureUrl);
    expect(signature.headers.get("content-type")).toBe("image/png");
    expect(containsText(new Uint8Array(await signature.arrayBuffer()), GPS_MARKER)).toBe(false);
  });

  it("is idempotent: the same queued proof sent twice changes nothing the second time", async () => {
    const { requestId, token } = await acceptedJob();
    const body = await uploadCompleteProof(token);
    // The phone lost the answers and sends its queue again: the same photo ids and bytes, the same proof.
    const again = await uploadPhoto(token, body.photos[0]?.photoId ?? "", jpegWithGps(1));
    expect(again.status).toBe(200);
    expect(again.response.headers.get("idempotent-replayed")).toBe("true");
    const first = await postProof(token, body);
    const filesAfterFirst = storedFiles().length;
    const second = await postProof(token, body);
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect(second.response.headers.get("idempotent-replayed")).toBe("true");
    expect(second.body).toEqual(first.body);
    expect(
      await kysely().selectFrom("Proof").select("id").where("movementRequestId", "=", requestId).execute(),
    ).toHaveLength(1);
    expect(storedFiles().length).toBe(filesAfterFirst);
    // The same key with another body is refused; another key for the same collection too.
    expect((await postProof(token, { ...body, personName: "Someone else" })).status).toBe(409);
    expect((await postProof(token, { ...body, idempotencyKey: randomUUID() })).status).toBe(409);
    // Another photo under an id already used is refused.
    expect((await uploadPhoto(token, body.photos[0]?.photoId ?? "", jpegWithGps(7))).status).toBe(409);
  });

  it("needs the organisation's minimum set of photos", async () => {
    const { token } = await acceptedJob();
    const body = await uploadCompleteProof(token);
    const refused = await postProof(token, { ...body, photos: body.photos.slice(1) });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body.errors)).toContain("Front left corner photo is required.");
    const unknownPhoto = { ...body, signaturePhotoId: randomUUID() };
    expect((await postProof(token, unknownPhoto)).status).toBe(400);
  });

  it("refuses bad uploads with problem bodies, never a 500", async () => {
    const { token } = await acceptedJob();
    const svg = new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/>");
    const cases = [
      { bytes: svg, type: "image/svg+xml", status: 415 },
      { bytes: svg, type: "image/jpeg", status: 415 },
      { bytes: jpegWithGps(), type: "image/png", status: 415 },
      { bytes: jpegWithGps().subarray(0, 40), type: "image/jpeg", status: 400 },
      { bytes: new Uint8Array(1024 * 1024 + 1).fill(0xff), type: "image/jpeg", status: 413 },
    ];
    for (const { bytes, type, status } of cases) {
      const answer = await uploadPhoto(token, randomUUID(), bytes, type);
      expect(answer.status).toBe(status);
      expect(answer.response.headers.get("content-type")).toBe("application/problem+json");
    }
    expect((await uploadPhoto(token, "../../etc", jpegWithGps())).status).toBe(400);
    expect((await postProof(token, { kind: "collection" })).status).toBe(400);
  });

  it("is refused when the job has no collection to record (not accepted yet)", async () => {
    const driver = await createDriver(database.prisma, {
      organisationId: world.organisation.id,
      email: `proof-${randomUUID()}@drivers.test`,
    });
    const created = await createPoolRequest(world);
    await operateOk(world, "assign", created.id, { offerToDriverId: driver.id });
    const token = await mailedJobToken(database.kysely, driver);
    expect((await uploadPhoto(token, randomUUID(), jpegWithGps())).status).toBe(409);
  });
});

describe("the operations API and signed links", () => {
  it("lists a request's proofs for the operations scope; another organisation gets 404", async () => {
    const { requestId, token } = await acceptedJob();
    expect((await postProof(token, await uploadCompleteProof(token))).status).toBe(201);
    const call = (apiKey: string) =>
      callRoute(proofsApi, {
        path: `/v1/operations/movement-requests/${requestId}/proofs`,
        apiKey,
        params: { requestId },
      });
    const listed = await call(world.operationsKey);
    expect(listed.status).toBe(200);
    const { proofs } = (await listed.json()) as { proofs: { kind: string; position: unknown }[] };
    expect(proofs).toHaveLength(1);
    expect(proofs[0]).toMatchObject({ kind: "collection", position: { latitude: 51.5072 } });
    const other = await createMovementWorld(database.prisma);
    expect((await call(other.operationsKey)).status).toBe(404);
    expect((await call(world.integrationKey)).status).toBe(403);
  });

  it("keeps why a proof has no position, and drops a reason sent beside a position", async () => {
    const list = async (requestId: string) => {
      const listed = await callRoute(proofsApi, {
        path: `/v1/operations/movement-requests/${requestId}/proofs`,
        apiKey: world.operationsKey,
        params: { requestId },
      });
      return ((await listed.json()) as { proofs: Record<string, unknown>[] }).proofs[0];
    };
    const blocked = await acceptedJob();
    const { position: _position, ...withoutPosition } = await uploadCompleteProof(blocked.token);
    expect((await postProof(blocked.token, { ...withoutPosition, positionProblem: "BLOCKED" })).status).toBe(
      201,
    );
    const listedBlocked = await list(blocked.requestId);
    expect(listedBlocked).toMatchObject({ positionProblem: "BLOCKED" });
    expect(listedBlocked).not.toHaveProperty("position");

    const both = await acceptedJob();
    const withPosition = { ...(await uploadCompleteProof(both.token)), positionProblem: "NO_FIX" };
    expect((await postProof(both.token, withPosition)).status).toBe(201);
    expect(await list(both.requestId)).not.toHaveProperty("positionProblem");

    const bad = await acceptedJob();
    const unknown = { ...(await uploadCompleteProof(bad.token)), positionProblem: "PHONE_SAID_NO" };
    expect((await postProof(bad.token, unknown)).status).toBe(400);
  });

  it("refuses a tampered or expired link", async () => {
    const { requestId, token } = await acceptedJob();
    await postProof(token, await uploadCompleteProof(token));
    const listed = await callRoute(proofsApi, {
      path: `/v1/operations/movement-requests/${requestId}/proofs`,
      apiKey: world.operationsKey,
      params: { requestId },
    });
    const url = new URL(
      ((await listed.json()) as { proofs: { photos: { url: string }[] }[] }).proofs[0]?.photos[0]?.url ?? "",
    );
    expect((await fetchPhoto(url.href)).status).toBe(200);

    const photoId = url.pathname.split("/").at(-1) ?? "";
    const exp = url.searchParams.get("exp");
    const sig = url.searchParams.get("sig");
    const longer = new URL(url);
    longer.searchParams.set("exp", String(Number(exp) + 3600));
    expect((await fetchPhoto(longer.href)).status).toBe(403);
    const forged = new URL(url);
    forged.searchParams.set("sig", `${sig?.slice(0, -2)}AA`);
    expect((await fetchPhoto(forged.href)).status).toBe(403);
    const another = url.href.replace(photoId, "01JZZZZZZZZZZZZZZZZZZZZZZZ");
    expect((await fetchPhoto(another)).status).toBe(403);
    expect(checkPhotoLink(photoId, exp, sig)).toBe("valid");
    expect(checkPhotoLink(photoId, exp, sig, new Date((Number(exp) + 1) * 1000))).toBe("expired");
    const expired = new URL(url);
    expired.searchParams.set("exp", "1000");
    expect((await fetchPhoto(expired.href)).status).toBe(403);
  });
});

describe("proof of delivery", () => {
  it("rides on the delivered webhook, and shows on the tracking page once delivered, only where the organisation allows it", async () => {
    const { requestId, token } = await acceptedJob();
    expect((await postProof(token, await uploadCompleteProof(token))).status).toBe(201);
    expect((await actOnJobRoute(token, { action: "collected" })).status).toBe(200);
    expect((await postProof(token, await uploadCompleteProof(token, "delivery"))).status).toBe(201);
    expect((await actOnJobRoute(token, { action: "delivered" })).status).toBe(200);
    const delivered = await latestEvent("movement.delivered");
    expect(JSON.parse(delivered.envelope ?? "{}")).toMatchObject({
      proof: { kind: "delivery", legNumber: 1 },
    });
    const request = await kysely()
      .selectFrom("MovementRequest")
      .select("trackingToken")
      .where("id", "=", requestId)
      .executeTakeFirstOrThrow();
    const trackingToken = request.trackingToken ?? "";
    expect(trackingToken).not.toBe("");
    // Off by default.
    expect(await getTrackingProof(trackingToken)).toBeNull();
    await showProofOnTrackingPage(true);
    const proof = await getTrackingProof(trackingToken);
    expect(proof).toMatchObject({ receivedBy: "Sam Porter" });
    // The delivery's photos only: no signature, no position.
    expect(proof?.photos.map((photo) => photo.label)).toContain("Front left corner");
    expect(JSON.stringify(proof)).not.toContain("51.5072");
    expect(proof?.photos.map((photo) => photo.label)).not.toContain("Signature");
    const served = await fetchPhoto(proof?.photos[0]?.url ?? "");
    expect(containsText(new Uint8Array(await served.arrayBuffer()), GPS_MARKER)).toBe(false);
    await showProofOnTrackingPage(false);
  });
});
