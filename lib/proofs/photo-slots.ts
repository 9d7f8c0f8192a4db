// The photos of a proof. An organisation picks its minimum set from the slots an organisation may
// require (Organisation.proofPhotoSlots, default: the four corners and the odometer); a carrier may add
// more ("other"), a photo per damaged panel ("damage") and signs ("signature").

export const REQUIRABLE_PHOTO_SLOTS = [
  "front_left",
  "front_right",
  "rear_left",
  "rear_right",
  "front",
  "rear",
  "odometer",
  "interior",
  "keys",
] as const;
export type RequirablePhotoSlot = (typeof REQUIRABLE_PHOTO_SLOTS)[number];

export const PHOTO_SLOTS = [...REQUIRABLE_PHOTO_SLOTS, "other", "damage", "signature"] as const;
export type PhotoSlot = (typeof PHOTO_SLOTS)[number];

export const PHOTO_SLOT_LABEL: Record<PhotoSlot, string> = {
  front_left: "Front left corner",
  front_right: "Front right corner",
  rear_left: "Rear left corner",
  rear_right: "Rear right corner",
  front: "Front",
  rear: "Rear",
  odometer: "Odometer",
  interior: "Interior",
  keys: "Keys",
  other: "Other photo",
  damage: "Damage",
  signature: "Signature",
};

/** The panels damage is recorded by. */
export const DAMAGE_PANELS = [
  "front_bumper",
  "bonnet",
  "windscreen",
  "roof",
  "front_left_wing",
  "front_right_wing",
  "front_left_door",
  "front_right_door",
  "rear_left_door",
  "rear_right_door",
  "rear_left_quarter",
  "rear_right_quarter",
  "boot",
  "rear_bumper",
  "wheels",
  "interior",
] as const;
export type DamagePanel = (typeof DAMAGE_PANELS)[number];

export function panelLabel(panel: DamagePanel): string {
  const words = panel.replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The organisation's minimum set as stored, keeping only known slots (a removed slot is ignored). */
export function requiredSlotsOf(stored: readonly string[]): RequirablePhotoSlot[] {
  return REQUIRABLE_PHOTO_SLOTS.filter((slot) => stored.includes(slot));
}
