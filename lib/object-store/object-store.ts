// Where the service keeps files that are not rows: proof photos (lib/proofs), history archives
// (lib/history). A folder under .data/ by default, any S3-compatible store when S3_BUCKET is set
// (configured-store.ts). Keys are made by the service, never taken from input.
import type { Readable } from "node:stream";

export type StoredObject = { bytes: Uint8Array; contentType: string };

export interface ObjectStore {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /**
   * Stores the file at `filePath` under `key` without reading it whole into memory (archives can be
   * large). The file itself is left where it is: the caller removes it.
   */
  putFile(key: string, filePath: string, contentType: string): Promise<void>;
  /** Null when there is no such object. */
  get(key: string): Promise<StoredObject | null>;
  /** The object's bytes as a stream, for objects too large to hold; null when there is no such object. */
  getStream(key: string): Promise<Readable | null>;
}

/** Keys are made by the service (ids), never from input; the check keeps a bug from leaving the folder. */
const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9/_.-]{0,200}$/;

export function isSafeKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.includes("..");
}
