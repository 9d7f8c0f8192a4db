// Archives one history partition (issue 38 §3): every row, as PostgreSQL's JSON of it, one line each,
// gzipped into a temporary file and then stored under archive/<table>/<YYYY-MM>.ndjson.gz. Rows are read
// in keyset batches by id and streamed through gzip to disk, so memory stays flat however large the
// partition; the file goes up to the store as a stream too. The caller drops the partition only after
// this resolves (lib/history's retention).
import "server-only";
import { createWriteStream } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import { kysely, sql } from "@/lib/db";
import { assertTableName, historyArchiveKey, historyArchiveStore } from "@/lib/history/archive-store";
import type { ObjectStore } from "@/lib/object-store/object-store";

export const ARCHIVE_BATCH_ROWS = 5_000;
export const ARCHIVE_CONTENT_TYPE = "application/x-ndjson";

export type ArchivePartitionInput = {
  /** The history table the partition belongs to ("Event"): names the archive. */
  table: string;
  /** The partition itself, a table with an `id` column ("Event_p202410"). */
  partition: string;
  /** The month the partition holds, "YYYY-MM". */
  month: string;
  /** 1, or the month's further part when it was archived before (historyArchiveKey). */
  part?: number;
};

export type ArchivedPartition = { key: string; rows: number; bytes: number };

export async function archivePartition(
  input: ArchivePartitionInput,
  store: ObjectStore = historyArchiveStore(),
): Promise<ArchivedPartition> {
  const key = historyArchiveKey(input.table, input.month, input.part);
  assertTableName(input.partition);
  // A folder of its own in the OS's temporary folder (TMPDIR): removed whatever happens below.
  const folder = await mkdtemp(path.join(tmpdir(), "vms-archive-"));
  try {
    const file = path.join(folder, `${input.partition}.ndjson.gz`);
    let rows = 0;
    await pipeline(
      async function* () {
        for await (const batch of partitionBatches(input.partition)) {
          rows += batch.length;
          yield batch.join("");
        }
      },
      createGzip(),
      createWriteStream(file),
    );
    const { size } = await stat(file);
    await store.putFile(key, file, ARCHIVE_CONTENT_TYPE);
    return { key, rows, bytes: size };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * The partition's rows in id order, ARCHIVE_BATCH_ROWS at a time, each as one NDJSON line: every column,
 * as row_to_json writes it (timestamps as ISO text without a zone: the columns hold UTC).
 */
async function* partitionBatches(partition: string): AsyncGenerator<string[]> {
  let after: string | undefined;
  for (;;) {
    const { rows } = await sql<{ id: string; line: string }>`
      select t.id::text as id, row_to_json(t)::text as line
      from ${sql.table(partition)} as t
      ${after === undefined ? sql`` : sql`where t.id > ${after}`}
      order by t.id
      limit ${ARCHIVE_BATCH_ROWS}`.execute(kysely());
    if (rows.length > 0) yield rows.map((row) => `${row.line}\n`);
    const last = rows.at(-1);
    if (!last || rows.length < ARCHIVE_BATCH_ROWS) return;
    after = last.id;
  }
}
