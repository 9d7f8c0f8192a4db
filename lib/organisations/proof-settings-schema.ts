// An organisation's proof settings (docs/carrier-journey.md, §2): the minimum set of photos a carrier
// takes at collection and at delivery, and whether customers see the proof of delivery on the tracking
// page. Client-safe: the settings form checks with it too.
import { z } from "zod";
import { REQUIRABLE_PHOTO_SLOTS } from "@/lib/proofs/photo-slots";

export const proofSettingsInput = z.strictObject({
  /** Any of the requirable slots, each once; none is allowed (then only the signature is required). */
  photoSlots: z
    .array(z.enum(REQUIRABLE_PHOTO_SLOTS))
    .max(REQUIRABLE_PHOTO_SLOTS.length)
    .refine((slots) => new Set(slots).size === slots.length, "Each photo is listed once."),
  onTrackingPage: z.boolean(),
});
export type ProofSettings = z.infer<typeof proofSettingsInput>;
