// npm run archive:read -- <Table> <YYYY-MM> [part] — prints a history archive (an expired partition's rows,
// archived by lib/history) as NDJSON on stdout, one row a line, decompressed. It reads the store the
// settings name: S3 when S3_BUCKET is set, else HISTORY_ARCHIVE_DIR (docs/operations.md).
import { pipeline } from "node:stream/promises";
import { historyArchiveKey } from "@/lib/history/archive-store";
import { openArchive } from "@/lib/history/read-archive";

const [table, month, part = "1"] = process.argv.slice(2);
if (!table || !month) {
  console.error("Usage: npm run -s archive:read -- <Table> <YYYY-MM> [part]   (e.g. Event 2024-10)");
  process.exit(2);
}
try {
  await pipeline(await openArchive(historyArchiveKey(table, month, Number(part))), process.stdout);
} catch (error) {
  // A reader that stops early (| head) closes the pipe: that is not a failure.
  if ((error as NodeJS.ErrnoException).code === "EPIPE") process.exit(0);
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
