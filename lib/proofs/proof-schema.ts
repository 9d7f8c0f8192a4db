// A proof as the service shows it (board panel, operations API, webhooks' extension, tracking page):
// pure zod, so the OpenAPI document and the webhook envelope's schema can use it.
import { z } from "zod";
import { PositionProblem } from "@/lib/generated/prisma/enums";
import { DAMAGE_PANELS, PHOTO_SLOTS } from "@/lib/proofs/photo-slots";

export const PROOF_KINDS = ["collection", "delivery"] as const;

/** A photo as shown: a signed link that expires. */
export const proofPhotoLinkSchema = z.object({
  slot: z
    .enum(PHOTO_SLOTS)
    .meta({ description: "Which photo this is (`damage` photos are also linked from their panel)" }),
  url: z
    .url()
    .meta({ description: "Signed link to the JPEG (or PNG for the signature); works until `expiresAt`" }),
});

export const proofSchema = z
  .object({
    id: z.string(),
    kind: z.enum(PROOF_KINDS),
    legNumber: z.int().min(1),
    recordedAt: z.iso.datetime().meta({ description: "When the carrier recorded it (the phone's clock)" }),
    receivedAt: z.iso
      .datetime()
      .meta({ description: "When the service received it (it may be later: offline)" }),
    odometer: z.int().optional().meta({ description: "Odometer reading, in the vehicle's unit" }),
    personName: z
      .string()
      .meta({ description: "Who handed the vehicle over (collection) or received it (delivery)" }),
    position: z
      .object({ latitude: z.number(), longitude: z.number(), accuracyMetres: z.number().optional() })
      .optional()
      .meta({ description: "Where the phone was, when its owner allowed it" }),
    positionProblem: z.enum(PositionProblem).optional().meta({
      description:
        "Why there is no `position`, as the phone saw it: REFUSED (by its owner), BLOCKED (by the page's policy), NO_FIX (no fix in time), NO_GPS (the phone gives none)",
    }),
    damage: z.array(
      z.object({ panel: z.enum(DAMAGE_PANELS), note: z.string(), photoUrl: z.url().optional() }),
    ),
    photos: z.array(proofPhotoLinkSchema),
    signatureUrl: z.url(),
    expiresAt: z.iso.datetime().meta({ description: "When the links in this object stop working" }),
  })
  .meta({ id: "Proof", description: "Proof of collection or delivery of one leg (extension, issue 16)" });
export type ProofView = z.infer<typeof proofSchema>;

export const proofListSchema = z.object({ proofs: z.array(proofSchema) });
