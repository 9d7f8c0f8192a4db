// Reads and writes an organisation's proof settings (the schema: proof-settings-schema.ts). The
// minimum set is stored in the slots' own order, so the phone's form asks for them in that order.
import { kysely } from "@/lib/db";
import type { ProofSettings } from "@/lib/organisations/proof-settings-schema";
import { REQUIRABLE_PHOTO_SLOTS, requiredSlotsOf } from "@/lib/proofs/photo-slots";

export async function getProofSettings(organisationId: string): Promise<ProofSettings> {
  const organisation = await kysely()
    .selectFrom("Organisation")
    .select(["proofPhotoSlots", "proofOnTrackingPage", "dispatchPhone"])
    .where("id", "=", organisationId)
    .executeTakeFirstOrThrow();
  return {
    photoSlots: requiredSlotsOf(organisation.proofPhotoSlots),
    onTrackingPage: organisation.proofOnTrackingPage,
    dispatchPhone: organisation.dispatchPhone,
  };
}

export async function updateProofSettings(organisationId: string, settings: ProofSettings): Promise<void> {
  await kysely()
    .updateTable("Organisation")
    .set({
      proofPhotoSlots: REQUIRABLE_PHOTO_SLOTS.filter((slot) => settings.photoSlots.includes(slot)),
      proofOnTrackingPage: settings.onTrackingPage,
      dispatchPhone: settings.dispatchPhone,
    })
    .where("id", "=", organisationId)
    .execute();
}
