// Proof of collection and delivery (docs/carrier-journey.md): what the phone sends once its photos are
// uploaded, and what the board, the operations API, the webhooks and the tracking page show.
import { z } from "zod";
import { PositionProblem } from "@/lib/generated/prisma/enums";
import { IDEMPOTENCY_KEY_MAX_LENGTH } from "@/lib/http/idempotency";
import { DAMAGE_PANELS, PHOTO_SLOTS } from "@/lib/proofs/photo-slots";
import { PROOF_KINDS } from "@/lib/proofs/proof-schema";

/** The phone's id of an uploaded photo (a UUID it made when the photo was taken). */
export const clientPhotoId = z.string().regex(/^[A-Za-z0-9-]{8,64}$/, "Expected the photo's id (a UUID)");

export const proofBody = z.strictObject({
  idempotencyKey: z.string().min(8).max(IDEMPOTENCY_KEY_MAX_LENGTH),
  kind: z.enum(PROOF_KINDS),
  /** The phone's clock when the proof was taken. */
  recordedAt: z.iso.datetime({ offset: true }),
  odometer: z.int().min(0).max(9_999_999).optional(),
  personName: z.string().trim().min(1).max(120),
  signaturePhotoId: clientPhotoId,
  position: z
    .strictObject({
      latitude: z.number().min(-90).max(90),
      longitude: z.number().min(-180).max(180),
      accuracyMetres: z.number().min(0).max(100_000).optional(),
    })
    .optional(),
  /** Why the phone gave no position (kept only when there is none). */
  positionProblem: z.enum(PositionProblem).optional(),
  photos: z
    .array(
      z.strictObject({ slot: z.enum(PHOTO_SLOTS).exclude(["damage", "signature"]), photoId: clientPhotoId }),
    )
    .max(30),
  damage: z
    .array(
      z.strictObject({
        panel: z.enum(DAMAGE_PANELS),
        note: z.string().trim().min(1).max(500),
        photoId: clientPhotoId.optional(),
      }),
    )
    .max(20),
});
export type ProofBody = z.infer<typeof proofBody>;
