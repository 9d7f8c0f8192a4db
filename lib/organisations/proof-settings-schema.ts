// An organisation's settings for its carriers (docs/carrier-journey.md, §2): the minimum set of photos a
// carrier takes at collection and at delivery, whether customers see the proof of delivery on the
// tracking page, and the dispatch desk's number that the job page offers to call. Client-safe: the
// settings form checks with it too.
import { z } from "zod";
import { e164PhoneSchema } from "@/lib/schemas/common";
import { REQUIRABLE_PHOTO_SLOTS } from "@/lib/proofs/photo-slots";

export const proofSettingsInput = z.strictObject({
  /** Any of the requirable slots, each once; none is allowed (then only the signature is required). */
  photoSlots: z
    .array(z.enum(REQUIRABLE_PHOTO_SLOTS))
    .max(REQUIRABLE_PHOTO_SLOTS.length)
    .refine((slots) => new Set(slots).size === slots.length, "Each photo is listed once."),
  onTrackingPage: z.boolean(),
  /** Shown on the job page when the site has no number of its own; empty clears it. */
  dispatchPhone: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? null : value),
    e164PhoneSchema.nullable(),
  ),
});
export type ProofSettings = z.infer<typeof proofSettingsInput>;
