// The S3 path of the proof store against a real S3 protocol server (s3rver, started here): a whole
// proof recorded through a job link lands in the bucket (stripped of its location) and is served
// through its signed link. The S3 store itself is tested in lib/object-store/s3-store.int.test.ts.
import { randomUUID } from "node:crypto";
import { GetObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { kysely } from "@/lib/db";
import { s3Store, type S3Settings } from "@/lib/object-store/s3-store";
import { useProofStore } from "@/lib/proofs/proof-store";
import { startS3rver, type RunningS3rver } from "@/test/s3rver-kit";
import { signedPhotoUrl } from "@/lib/proofs/signed-photo-url";
import { containsText, GPS_MARKER } from "@/test/image-fixtures";
import { POST as actionsRoute } from "@/app/jobs/[token]/actions/route";
import { mailedJobToken, jobLinkApi } from "@/test/job-link-kit";
import { createMovementWorld } from "@/test/movement-world";
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
const { fetchPhoto, postProof, uploadCompleteProof } = proofApi({
  upload: uploadRoute,
  proofs: proofsRoute,
  photo: photoRoute,
});

const database = setupTestDatabase();
let s3rver: RunningS3rver;
let settings: S3Settings;

beforeAll(async () => {
  s3rver = await startS3rver("proofs");
  settings = s3rver.settings;
});

afterAll(async () => {
  useProofStore(undefined);
  await s3rver?.stop();
});

describe("the S3 proof store", () => {
  it("keeps a proof's photos in the bucket, stripped, served through signed links", async () => {
    useProofStore(s3Store(settings));
    const world = await createMovementWorld(database.prisma);
    const driver = await createDriver(database.prisma, {
      organisationId: world.organisation.id,
      email: `s3-${randomUUID()}@drivers.test`,
    });
    const created = await createPoolRequest(world);
    await operateOk(world, "assign", created.id, { offerToDriverId: driver.id });
    const token = await mailedJobToken(database.kysely, driver);
    await actOnJobRoute(token, { action: "accept" });
    expect((await postProof(token, await uploadCompleteProof(token))).status).toBe(201);

    const photos = await kysely()
      .selectFrom("ProofPhoto")
      .select(["id", "proofId", "storageKey", "bytes"])
      .where("organisationId", "=", world.organisation.id)
      .execute();
    expect(photos).toHaveLength(7);
    const client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    });
    for (const photo of photos) {
      const object = await client.send(new GetObjectCommand({ Bucket: "proofs", Key: photo.storageKey }));
      const bytes = await object.Body?.transformToByteArray();
      expect(bytes?.length).toBe(photo.bytes);
      expect(containsText(bytes ?? new Uint8Array(), GPS_MARKER)).toBe(false);
    }
    const proof = await kysely()
      .selectFrom("Proof")
      .select("id")
      .where("movementRequestId", "=", created.id)
      .executeTakeFirstOrThrow();
    const served = await fetchPhoto(
      signedPhotoUrl(
        photos.find((photo) => photo.proofId === proof.id)?.id ?? "",
        new Date(Date.now() + 60_000),
      ),
    );
    expect(served.status).toBe(200);
  });
});
