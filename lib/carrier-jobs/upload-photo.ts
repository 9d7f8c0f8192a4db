// A proof photo uploaded through a job link (PUT /jobs/{token}/proof-photos/{clientId}), before the
// proof that names it. Idempotent by the phone's id for it: the same id with the same bytes is the
// same photo (a retry after a lost answer), with other bytes 409. Only a carrier who may collect or
// deliver now can upload.
import "server-only";
import { createHash } from "node:crypto";
import { kysely } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import { jobActions } from "@/lib/carrier-jobs/job-link-standing";
import type { ResolvedJobLink } from "@/lib/carrier-jobs/resolve-job-link";
import { newId } from "@/lib/ids";
import { legConflict } from "@/lib/movement-requests/operations/legs";
import { proofStore } from "@/lib/proofs/proof-store";
import type { ImageType } from "@/lib/proofs/strip-metadata";

export type UploadedPhoto = { photoId: string; bytes: number; replayed: boolean };

export async function uploadProofPhoto(
  resolved: ResolvedJobLink,
  clientId: string,
  image: { bytes: Uint8Array; type: ImageType },
  now = new Date(),
): Promise<UploadedPhoto> {
  const { link, standingRequest } = resolved;
  const sha256 = createHash("sha256").update(image.bytes).digest("hex");
  const existing = await photoOfClient(link.id, clientId);
  if (existing) return replayOf(existing, sha256);
  const actions = jobActions(link, standingRequest, now);
  if (!actions.includes("collected") && !actions.includes("delivered")) {
    throw legConflict("Photos are taken at collection or delivery; this job has neither to do now.");
  }
  const id = newId();
  const storageKey = `${link.organisationId}/${link.movementRequestId}/${id}`;
  await proofStore().put(storageKey, image.bytes, image.type);
  const created = await kysely()
    .insertInto("ProofPhoto")
    .values({
      id,
      organisationId: link.organisationId,
      jobLinkId: link.id,
      clientId,
      storageKey,
      contentType: image.type,
      bytes: image.bytes.length,
      sha256,
      createdAt: now,
    })
    .onConflict((conflict) => conflict.doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!created) {
    // A concurrent retry of the same upload won; its row is the photo (the object written here is an orphan).
    const winner = await photoOfClient(link.id, clientId);
    if (!winner) throw new Error(`Photo ${clientId} of job link ${link.id} conflicted but does not exist`);
    return replayOf(winner, sha256);
  }
  return { photoId: clientId, bytes: image.bytes.length, replayed: false };
}

function photoOfClient(jobLinkId: string, clientId: string) {
  return kysely()
    .selectFrom("ProofPhoto")
    .select(["sha256", "bytes", "clientId"])
    .where("jobLinkId", "=", jobLinkId)
    .where("clientId", "=", clientId)
    .executeTakeFirst();
}

function replayOf(
  existing: { sha256: string; bytes: number; clientId: string },
  sha256: string,
): UploadedPhoto {
  if (existing.sha256 !== sha256) {
    throw new AppError(
      "IDEMPOTENCY_KEY_REUSED",
      "A different photo was already uploaded with this id. Give a new photo a new id.",
    );
  }
  return { photoId: existing.clientId, bytes: existing.bytes, replayed: true };
}
