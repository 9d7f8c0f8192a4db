// Photos of work items (issue 37): a vendor's on its link, staff's in the drawer. The bytes go to the
// proofs' store (lib/proofs/proof-store.ts), checked and stripped of metadata like a proof photo
// (read-image-body.ts: JPEG or PNG by its bytes, at most 1 MiB), and come back only through signed
// links that expire (/api/work-item-photos/{id}?exp=&sig=). An upload is idempotent by the uploader's
// id for it: the same id with the same bytes is the same photo (a retry), with other bytes 409.
import { createHash } from "node:crypto";
import type { Kdb } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import { newId } from "@/lib/ids";
import { proofStore } from "@/lib/proofs/proof-store";
import { expiryFrom, PAGE_LINK_TTL_SECONDS, signedPhotoUrl } from "@/lib/proofs/signed-photo-url";
import type { ImageType } from "@/lib/proofs/strip-metadata";
import type { ReconJob } from "@/lib/recon/find-recon-job";
import { noteWorkItemChange } from "@/lib/recon/sublet/note-work-item-change";
import type { SubletPhoto } from "@/lib/recon/sublet/schemas";

/** Enough for the work and its result; a runaway phone queue stops here. */
export const PHOTOS_PER_ITEM_MAX = 20;

export type UploadedWorkItemPhoto = { photo: SubletPhoto; replayed: boolean };

/** Adds a photo to an item the caller found (and locked) in `tx`; the item's change is announced. */
export async function addWorkItemPhoto(
  tx: Kdb,
  job: ReconJob,
  upload: { itemId: string; clientId: string; image: { bytes: Uint8Array; type: ImageType }; actor: string },
  now = new Date(),
): Promise<UploadedWorkItemPhoto> {
  const { itemId, clientId, image } = upload;
  const sha256 = createHash("sha256").update(image.bytes).digest("hex");
  const existing = await photoOfClient(tx, itemId, clientId);
  if (existing) return replayOf(existing, sha256);
  const count = await tx
    .selectFrom("ReconWorkItemPhoto")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("workItemId", "=", itemId)
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= PHOTOS_PER_ITEM_MAX) {
    throw new AppError("VALIDATION_ERROR", `A work item holds at most ${PHOTOS_PER_ITEM_MAX} photos.`);
  }
  const id = newId();
  const storageKey = `${job.organisationId}/work-items/${itemId}/${id}`;
  await proofStore().put(storageKey, image.bytes, image.type);
  await tx
    .insertInto("ReconWorkItemPhoto")
    .values({
      id,
      organisationId: job.organisationId,
      workItemId: itemId,
      clientId,
      uploadedBy: upload.actor,
      storageKey,
      contentType: image.type,
      bytes: image.bytes.length,
      sha256,
      createdAt: now,
    })
    .execute();
  await noteWorkItemChange(tx, job, { itemId, actor: upload.actor, at: now });
  return { photo: { id, url: photoUrl(id, now) }, replayed: false };
}

function photoOfClient(tx: Kdb, workItemId: string, clientId: string) {
  return tx
    .selectFrom("ReconWorkItemPhoto")
    .select(["id", "sha256"])
    .where("workItemId", "=", workItemId)
    .where("clientId", "=", clientId)
    .executeTakeFirst();
}

function replayOf(existing: { id: string; sha256: string }, sha256: string): UploadedWorkItemPhoto {
  if (existing.sha256 !== sha256) {
    throw new AppError(
      "IDEMPOTENCY_KEY_REUSED",
      "A different photo was already uploaded with this id. Give a new photo a new id.",
    );
  }
  return { photo: { id: existing.id, url: photoUrl(existing.id, new Date()) }, replayed: true };
}

function photoUrl(id: string, now: Date): string {
  return signedPhotoUrl(id, expiryFrom(now, PAGE_LINK_TTL_SECONDS), "work-item-photos");
}

/** The items' photos, oldest first, with links for a page (minutes). */
export async function photosOfItems(
  kdb: Kdb,
  itemIds: readonly string[],
): Promise<Record<string, SubletPhoto[]>> {
  if (itemIds.length === 0) return {};
  const rows = await kdb
    .selectFrom("ReconWorkItemPhoto")
    .select(["id", "workItemId"])
    .where("workItemId", "in", itemIds)
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
  const now = new Date();
  const photos: Record<string, SubletPhoto[]> = {};
  for (const row of rows) (photos[row.workItemId] ??= []).push({ id: row.id, url: photoUrl(row.id, now) });
  return photos;
}

/** A photo's bytes for its signed link; null when there is no such photo. */
export async function readWorkItemPhoto(kdb: Kdb, photoId: string) {
  const photo = await kdb
    .selectFrom("ReconWorkItemPhoto")
    .select("storageKey")
    .where("id", "=", photoId)
    .executeTakeFirst();
  return photo ? proofStore().get(photo.storageKey) : null;
}
