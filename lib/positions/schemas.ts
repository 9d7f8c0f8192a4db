// Positions of a vehicle on the road (issue #35 §2): one body shape for the operations API, the job
// link and the carrier's page, and the OpenAPI document.
import { z } from "zod";
import { instantSchema } from "@/lib/schemas/common";

export const MAX_POSITIONS_PER_CALL = 500;
/** A device clock ahead of ours by more than this is wrong, not early (400). */
export const MAX_CLOCK_AHEAD_MS = 5 * 60_000;

export const positionSchema = z.strictObject({
  latitude: z.number().min(-90).max(90).describe("WGS 84 degrees, −90 to 90"),
  longitude: z.number().min(-180).max(180).describe("WGS 84 degrees, −180 to 180"),
  accuracyMetres: z.number().min(0).max(100_000).optional().describe("The fix's radius of uncertainty"),
  recordedAt: instantSchema.describe("When the device took the fix; at most 5 minutes ahead of the service"),
});

export const positionsBody = z.strictObject({
  positions: z
    .array(positionSchema)
    .min(1, "Send at least one position")
    .max(MAX_POSITIONS_PER_CALL, `Send at most ${MAX_POSITIONS_PER_CALL} positions in one call`),
});
export type PositionsBody = z.infer<typeof positionsBody>;

export const positionsAccepted = z.strictObject({
  accepted: z.int().describe("Positions stored by this call; a position already stored is not counted again"),
});
