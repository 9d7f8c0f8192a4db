// A request's proofs as shown (board panel, operations API, webhooks, tracking page): what was
// recorded, with each photo as a signed link that expires at `expiresAt`.
import "server-only";
import { kysely, type DB, type Kdb, type Selectable } from "@/lib/db";
import type { ProofKind } from "@/lib/generated/prisma/enums";
import { DAMAGE_PANELS, PHOTO_SLOTS, type DamagePanel, type PhotoSlot } from "@/lib/proofs/photo-slots";
import type { ProofView } from "@/lib/proofs/proof-schema";
import { signedPhotoUrl } from "@/lib/proofs/signed-photo-url";

type StoredDamage = { panel: string; note: string; photoId: string | null };

export async function listProofViews(
  organisationId: string,
  movementRequestId: string,
  expiresAt: Date,
): Promise<ProofView[]> {
  const proofs = await kysely()
    .selectFrom("Proof")
    .selectAll()
    .where("organisationId", "=", organisationId)
    .where("movementRequestId", "=", movementRequestId)
    .orderBy("legNumber")
    .orderBy("kind")
    .execute();
  const photos = await photosOf(
    kysely(),
    proofs.map((proof) => proof.id),
  );
  return proofs.map((proof) =>
    toProofView({ ...proof, photos: photos.filter((photo) => photo.proofId === proof.id) }, expiresAt),
  );
}

/** The photos of these proofs (what a view shows of them). */
export async function photosOf(kdb: Kdb, proofIds: string[]) {
  if (proofIds.length === 0) return [];
  return kdb
    .selectFrom("ProofPhoto")
    .select(["id", "slot", "proofId"])
    .where("proofId", "in", proofIds)
    .execute();
}

/** The proof of one leg's collection or delivery, in the transaction that publishes its event. */
export async function findLegProof(
  tx: Kdb,
  movementRequestId: string,
  legNumber: number,
  kind: ProofKind,
  expiresAt: Date,
): Promise<ProofView | null> {
  const proof = await tx
    .selectFrom("Proof")
    .selectAll()
    .where("movementRequestId", "=", movementRequestId)
    .where("legNumber", "=", legNumber)
    .where("kind", "=", kind)
    .executeTakeFirst();
  if (!proof) return null;
  return toProofView({ ...proof, photos: await photosOf(tx, [proof.id]) }, expiresAt);
}

type ProofWithPhotos = Omit<Selectable<DB["Proof"]>, "damage"> & {
  damage: unknown;
  photos: { id: string; slot: string | null }[];
};

export function toProofView(proof: ProofWithPhotos, expiresAt: Date): ProofView {
  const link = (photoId: string) => signedPhotoUrl(photoId, expiresAt);
  const signature = proof.photos.find((photo) => photo.slot === "signature");
  const damage = Array.isArray(proof.damage) ? (proof.damage as StoredDamage[]) : [];
  return {
    id: proof.id,
    kind: proof.kind === "COLLECTION" ? "collection" : "delivery",
    legNumber: proof.legNumber,
    recordedAt: proof.recordedAt.toISOString(),
    receivedAt: proof.receivedAt.toISOString(),
    ...(proof.odometer !== null ? { odometer: proof.odometer } : {}),
    personName: proof.personName,
    ...(proof.latitude !== null && proof.longitude !== null
      ? {
          position: {
            latitude: proof.latitude,
            longitude: proof.longitude,
            ...(proof.accuracyMetres !== null ? { accuracyMetres: proof.accuracyMetres } : {}),
          },
        }
      : {}),
    ...(proof.positionProblem !== null ? { positionProblem: proof.positionProblem } : {}),
    damage: damage
      .filter((item): item is StoredDamage & { panel: DamagePanel } => isPanel(item.panel))
      .map((item) => ({
        panel: item.panel,
        note: item.note,
        ...(item.photoId ? { photoUrl: link(item.photoId) } : {}),
      })),
    photos: proof.photos
      .filter((photo) => photo.slot !== "signature" && isSlot(photo.slot))
      .map((photo) => ({ slot: photo.slot as PhotoSlot, url: link(photo.id) }))
      .sort((a, b) => PHOTO_SLOTS.indexOf(a.slot) - PHOTO_SLOTS.indexOf(b.slot)),
    signatureUrl: signature ? link(signature.id) : "",
    expiresAt: expiresAt.toISOString(),
  };
}

function isPanel(panel: string): panel is DamagePanel {
  return (DAMAGE_PANELS as readonly string[]).includes(panel);
}

function isSlot(slot: string | null): boolean {
  return slot !== null && (PHOTO_SLOTS as readonly string[]).includes(slot);
}
