// When the phone sends what it has gathered of its positions (issue #35 §2): every 30 s or every 500 m
// moved since the last batch, whichever comes first, so a dispatcher's map moves at least that often
// without a fix a second costing the driver's battery and data. Pure, so the rule is tested alone.
import { greatCircleDistanceKm } from "@/lib/movement-requests/pricing";
import type { PositionsBody } from "@/lib/positions/schemas";

export type Fix = PositionsBody["positions"][number];

export const SEND_EVERY_MS = 30_000;
export const SEND_EVERY_METRES = 500;
/** The endpoint takes at most 500 positions in one call. */
export const MAX_BATCH = 500;

/** The fixes not yet sent, since `openedAt`, and where the last batch ended. */
export type OpenBatch = { fixes: Fix[]; openedAt: number; lastSent: Fix | null };

export function batchIsDue(batch: OpenBatch, now: number): boolean {
  const newest = batch.fixes.at(-1);
  if (!newest) return false;
  if (batch.fixes.length >= MAX_BATCH || now - batch.openedAt >= SEND_EVERY_MS) return true;
  // The first fix of the journey goes at once: the map shows the vehicle as soon as it moves off.
  if (!batch.lastSent) return true;
  return greatCircleDistanceKm(batch.lastSent, newest) * 1000 >= SEND_EVERY_METRES;
}
