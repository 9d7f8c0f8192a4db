// The proof of delivery on the customer's tracking page (/track/{token}): only once the vehicle is
// delivered, only where the organisation allows it (Organisation.proofOnTrackingPage, off by default),
// and only the photos (metadata stripped on upload), the time and who received it: no signature, no
// position, nothing of the collection.
import "server-only";
import { kysely } from "@/lib/db";
import { PHOTO_SLOT_LABEL, type PhotoSlot } from "@/lib/proofs/photo-slots";
import { photosOf, toProofView } from "@/lib/proofs/proof-views";
import { expiryFrom, PAGE_LINK_TTL_SECONDS } from "@/lib/proofs/signed-photo-url";

export type TrackingProof = {
  recordedAt: string;
  receivedBy: string;
  photos: { label: string; url: string }[];
};

export async function getTrackingProof(token: string, now = new Date()): Promise<TrackingProof | null> {
  const request = await kysely()
    .selectFrom("MovementRequest as r")
    .innerJoin("Organisation as o", "o.id", "r.organisationId")
    .select(["r.id", "r.status", "o.proofOnTrackingPage"])
    .where("r.trackingToken", "=", token)
    .executeTakeFirst();
  if (!request || request.status !== "DELIVERED" || !request.proofOnTrackingPage) return null;
  const proof = await kysely()
    .selectFrom("Proof")
    .selectAll()
    .where("movementRequestId", "=", request.id)
    .where("kind", "=", "DELIVERY")
    .orderBy("legNumber", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!proof) return null;
  const photos = await photosOf(kysely(), [proof.id]);
  const view = toProofView({ ...proof, photos }, expiryFrom(now, PAGE_LINK_TTL_SECONDS));
  return {
    recordedAt: view.recordedAt,
    receivedBy: view.personName,
    photos: view.photos.map((photo) => ({
      label: PHOTO_SLOT_LABEL[photo.slot as PhotoSlot],
      url: photo.url,
    })),
  };
}
