// Where proof photos' bytes live: a folder under .data/ by default (PROOF_STORAGE_DIR), any
// S3-compatible store when S3_BUCKET is set (docs/carrier-journey.md; the stores are lib/object-store).
// Either way nobody reaches them directly: the service reads them back for the signed links of
// /api/proof-photos (signed-photo-url.ts).
import "server-only";
import { env } from "@/lib/env";
import { storeSlot } from "@/lib/object-store/configured-store";
import type { ObjectStore } from "@/lib/object-store/object-store";

const slot = storeSlot(() => env().PROOF_STORAGE_DIR);

/** The store the settings name (S3 when S3_BUCKET is set), made once per process. */
export function proofStore(): ObjectStore {
  return slot.current();
}

/** Tests point the service at another store (a folder of their own, an s3rver). */
export function useProofStore(store: ObjectStore | undefined): void {
  slot.use(store);
}
