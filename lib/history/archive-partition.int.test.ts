// Archiving a history partition for real: a scratch partition of 12,345 rows in the test database,
// archived to a folder store and to an s3rver, read back row for row; an empty partition, names that
// are refused, and a store that fails (the temporary file goes either way).
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "@/lib/db";
import { archivePartition } from "@/lib/history/archive-partition";
import { useHistoryArchiveStore } from "@/lib/history/archive-store";
import { readArchive } from "@/lib/history/read-archive";
import { folderStore } from "@/lib/object-store/folder-store";
import type { ObjectStore } from "@/lib/object-store/object-store";
import { s3Store } from "@/lib/object-store/s3-store";
import { readAll } from "@/test/object-store-contract";
import { startS3rver, type RunningS3rver } from "@/test/s3rver-kit";
import { setupTestDatabase } from "@/test/test-database";

const ROWS = 12_345;
const PARTITION = "ArchiveScratch_p202410";
const INPUT = { table: "Event", partition: PARTITION, month: "2024-10" };
const KEY = "archive/Event/2024-10.ndjson.gz";

const database = setupTestDatabase();
const folder = mkdtempSync(path.join(tmpdir(), "vms-history-archive-"));
let s3rver: RunningS3rver;

beforeAll(async () => {
  s3rver = await startS3rver("history");
  // An id of text (zero-padded, so that text order is number order), a timestamp, a jsonb with text
  // that JSON must escape, and a text column that is null on every third row.
  await sql`
    create table ${sql.table(PARTITION)} (
      id text primary key,
      "occurredAt" timestamp(3) not null,
      payload jsonb not null,
      note text
    )`.execute(database.kysely);
  await sql`
    insert into ${sql.table(PARTITION)}
    select lpad(g::text, 8, '0'),
           timestamp '2024-10-01' + g * interval '1 second' + interval '123 milliseconds',
           jsonb_build_object('n', g, 'tags', jsonb_build_array('a', g % 7), 'text', E'café "quoted"\\nline'),
           case when g % 3 = 0 then null else 'note ' || g end
    from generate_series(1, ${ROWS}::int) as g`.execute(database.kysely);
  await sql`create table "ArchiveEmpty_p202411" (id text primary key, note text)`.execute(database.kysely);
});

afterAll(async () => {
  useHistoryArchiveStore(undefined);
  await s3rver?.stop();
  rmSync(folder, { recursive: true, force: true });
});

/** Our temporary folders in the OS's temporary folder (archivePartition makes one per call). */
const archiveTempFolders = () => readdirSync(tmpdir()).filter((name) => name.startsWith("vms-archive-"));

async function readRows(key: string, store: ObjectStore): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  for await (const row of readArchive(key, store)) rows.push(row);
  return rows;
}

async function expectEveryRowBack(store: ObjectStore): Promise<void> {
  const rows = await readRows(KEY, store);
  expect(rows).toHaveLength(ROWS);
  expect(rows.map((row) => row.id)).toEqual(
    Array.from({ length: ROWS }, (_, index) => String(index + 1).padStart(8, "0")),
  );
  expect(rows[299]).toEqual({
    id: "00000300",
    occurredAt: "2024-10-01T00:05:00.123",
    payload: { n: 300, tags: ["a", 300 % 7], text: 'café "quoted"\nline' },
    note: null,
  });
  expect(rows[ROWS - 2]).toEqual({
    id: "00012344",
    occurredAt: "2024-10-01T03:25:44.123",
    payload: { n: 12344, tags: ["a", 12344 % 7], text: 'café "quoted"\nline' },
    note: "note 12344",
  });
}

describe("archivePartition", () => {
  it("writes every row to a folder store as gzipped NDJSON, read back row for row", async () => {
    const store = folderStore(folder);
    const before = archiveTempFolders();
    const archived = await archivePartition(INPUT, store);

    const file = path.join(folder, KEY);
    const bytes = readFileSync(file);
    expect(archived).toEqual({ key: KEY, rows: ROWS, bytes: bytes.length });
    expect([...bytes.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
    const lines = gunzipSync(bytes).toString("utf8").split("\n");
    expect(lines).toHaveLength(ROWS + 1);
    expect(lines.at(-1)).toBe("");
    expect((await store.get(KEY))?.contentType).toBe("application/x-ndjson");
    await expectEveryRowBack(store);
    expect(archiveTempFolders()).toEqual(before);
  });

  it("writes the same archive to an S3 store (s3rver)", async () => {
    const store = s3Store(s3rver.settings);
    const archived = await archivePartition(INPUT, store);
    expect(archived).toMatchObject({ key: KEY, rows: ROWS });
    const stored = await readAll((await store.getStream(KEY))!);
    expect(stored.length).toBe(archived.bytes);
    expect([...stored.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
    expect((await store.get(KEY))?.contentType).toBe("application/x-ndjson");
    await expectEveryRowBack(store);
  });

  it("goes to the configured archive store when given none", async () => {
    const configured = mkdtempSync(path.join(tmpdir(), "vms-history-configured-"));
    try {
      useHistoryArchiveStore(folderStore(configured));
      const archived = await archivePartition({ ...INPUT, month: "2024-09" });
      expect(archived.key).toBe("archive/Event/2024-09.ndjson.gz");
      expect(readFileSync(path.join(configured, archived.key)).length).toBe(archived.bytes);
    } finally {
      useHistoryArchiveStore(undefined);
      rmSync(configured, { recursive: true, force: true });
    }
  });

  it("still writes an archive for an empty partition", async () => {
    const store = folderStore(folder);
    const archived = await archivePartition(
      { table: "Event", partition: "ArchiveEmpty_p202411", month: "2024-11" },
      store,
    );
    expect(archived).toMatchObject({ key: "archive/Event/2024-11.ndjson.gz", rows: 0 });
    const bytes = readFileSync(path.join(folder, archived.key));
    expect(bytes.length).toBe(archived.bytes);
    expect(gunzipSync(bytes).length).toBe(0);
    expect(await readRows(archived.key, store)).toEqual([]);
  });

  it("refuses a partition, table or month that is not a plain name, before touching anything", async () => {
    const store = folderStore(folder);
    const before = archiveTempFolders();
    for (const partition of [`${PARTITION}"; drop table "Event"; --`, `public.${PARTITION}`, "1abc", ""]) {
      await expect(archivePartition({ ...INPUT, partition }, store)).rejects.toThrow(
        /Not a plain table name/,
      );
    }
    for (const table of ["../Event", "Event/x", "Ev ent"]) {
      await expect(archivePartition({ ...INPUT, table }, store)).rejects.toThrow(/Not a plain table name/);
    }
    for (const month of ["2024-13", "2024-1", "2024-10/../x", "202410"]) {
      await expect(archivePartition({ ...INPUT, month }, store)).rejects.toThrow(/Not a month/);
    }
    expect(archiveTempFolders()).toEqual(before);
  });

  it("throws and leaves no temporary file when the store fails or the partition is missing", async () => {
    const stopped = await startS3rver("history");
    await stopped.stop();
    const before = archiveTempFolders();
    await expect(
      archivePartition({ ...INPUT, month: "2024-08" }, s3Store(stopped.settings)),
    ).rejects.toThrow();
    expect(archiveTempFolders()).toEqual(before);

    const store = folderStore(folder);
    await expect(
      archivePartition({ ...INPUT, partition: "NoSuchPartition_p199001", month: "1990-01" }, store),
    ).rejects.toThrow(/does not exist/);
    expect(archiveTempFolders()).toEqual(before);
    expect(await store.get("archive/Event/1990-01.ndjson.gz")).toBeNull();
  });
});

describe("readArchive", () => {
  it("throws for a missing or corrupt archive", async () => {
    const store = folderStore(folder);
    await expect(readRows("archive/Event/1999-01.ndjson.gz", store)).rejects.toThrow(/No history archive/);
    await store.put("archive/Event/1999-02.ndjson.gz", new TextEncoder().encode('{"id":"1"}\n'), "x");
    await expect(readRows("archive/Event/1999-02.ndjson.gz", store)).rejects.toThrow(/incorrect header/);
  });

  it("lets a reader stop early", async () => {
    const seen: unknown[] = [];
    for await (const row of readArchive(KEY, folderStore(folder))) {
      seen.push(row.id);
      if (seen.length === 3) break;
    }
    expect(seen).toEqual(["00000001", "00000002", "00000003"]);
  });
});

describe("npm run archive:read", () => {
  // The npm script's own command (package.json), without npm; two runs of tsx, slow on a busy machine.
  const TSX = path.join("node_modules", ".bin", "tsx");
  it(
    "prints an archive's NDJSON as stored, and says so when there is none",
    { timeout: 120_000 },
    async () => {
      const { S3_BUCKET: _ignored, ...environment } = process.env;
      const run = (...args: string[]) =>
        promisify(execFile)(TSX, ["--conditions=react-server", "scripts/read-archive.ts", ...args], {
          env: { ...environment, HISTORY_ARCHIVE_DIR: folder },
          maxBuffer: 64 * 1024 * 1024,
        });
      const { stdout } = await run("Event", "2024-10");
      expect(stdout).toBe(gunzipSync(readFileSync(path.join(folder, KEY))).toString("utf8"));
      expect(stdout.split("\n")).toHaveLength(ROWS + 1);

      await expect(run("Event", "1999-01")).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringContaining("No history archive at archive/Event/1999-01.ndjson.gz"),
      });
    },
  );
});
