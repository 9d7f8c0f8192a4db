// The store the settings name: S3 when S3_BUCKET is set (one bucket, each user under its own keys),
// else a folder of the user's own. Each user (proofs, history archives) keeps one per process.
import path from "node:path";
import { env } from "@/lib/env";
import { folderStore } from "@/lib/object-store/folder-store";
import type { ObjectStore } from "@/lib/object-store/object-store";
import { s3Store, type S3Settings } from "@/lib/object-store/s3-store";

/** The S3 settings from S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, …; undefined without S3_BUCKET. */
export function s3SettingsFromEnv(): S3Settings | undefined {
  const settings = env();
  if (!settings.S3_BUCKET) return undefined;
  return {
    bucket: settings.S3_BUCKET,
    endpoint: settings.S3_ENDPOINT,
    region: settings.S3_REGION,
    accessKeyId: settings.S3_ACCESS_KEY_ID,
    secretAccessKey: settings.S3_SECRET_ACCESS_KEY,
    forcePathStyle: settings.S3_FORCE_PATH_STYLE,
  };
}

/** S3 when S3_BUCKET is set, else a folder store at `folder` (relative to the working directory). */
export function configuredStore(folder: string): ObjectStore {
  const s3 = s3SettingsFromEnv();
  return s3 ? s3Store(s3) : folderStore(path.resolve(folder));
}

export type StoreSlot = {
  /** The store, made from the settings on first use (once per process), or the one `use` set. */
  current: () => ObjectStore;
  /** Tests point the service at another store (a folder of their own, an s3rver); undefined resets. */
  use: (store: ObjectStore | undefined) => void;
};

/** A process-wide store for one user, `folder()` naming its folder when there is no S3 store. */
export function storeSlot(folder: () => string): StoreSlot {
  let configured: ObjectStore | undefined;
  return {
    current: () => (configured ??= configuredStore(folder())),
    use: (store) => {
      configured = store;
    },
  };
}
