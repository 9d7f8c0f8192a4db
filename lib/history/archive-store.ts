// Where expired history partitions are archived (issue 38 §3): one gzipped NDJSON object per table and
// month, `archive/<table>/<YYYY-MM>.ndjson.gz`, in the S3 bucket when S3_BUCKET is set, else under
// HISTORY_ARCHIVE_DIR (.data/archive).
import "server-only";
import { env } from "@/lib/env";
import { storeSlot } from "@/lib/object-store/configured-store";
import type { ObjectStore } from "@/lib/object-store/object-store";

/** A plain PostgreSQL identifier (no quoting needed to be safe, no schema, at most 63 characters). */
const TABLE_NAME = /^[A-Za-z][A-Za-z0-9_]{0,62}$/;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export function assertTableName(name: string): void {
  if (!TABLE_NAME.test(name)) throw new Error(`Not a plain table name: ${JSON.stringify(name)}`);
}

/**
 * The key of a table's archive for one month ("YYYY-MM"); refuses anything else. A month archived again
 * (rows that arrived for it after its archive: a phone's clock a year behind) is a further part, ".2".
 */
export function historyArchiveKey(table: string, month: string, part = 1): string {
  assertTableName(table);
  if (!MONTH.test(month)) throw new Error(`Not a month (YYYY-MM): ${JSON.stringify(month)}`);
  if (!Number.isInteger(part) || part < 1) throw new Error(`Not an archive part: ${part}`);
  return `archive/${table}/${month}${part > 1 ? `.${part}` : ""}.ndjson.gz`;
}

const slot = storeSlot(() => env().HISTORY_ARCHIVE_DIR);

/** The store the settings name (S3 when S3_BUCKET is set), made once per process. */
export function historyArchiveStore(): ObjectStore {
  return slot.current();
}

/** Tests point the archive at another store (a folder of their own, an s3rver). */
export function useHistoryArchiveStore(store: ObjectStore | undefined): void {
  slot.use(store);
}
