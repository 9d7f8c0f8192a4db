// What every object store does, run against each (lib/object-store: the folder store in a unit test,
// the S3 store against an s3rver): bytes and files in, bytes and streams out, a missing key is null.
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { afterAll, expect, it } from "vitest";
import type { ObjectStore } from "@/lib/object-store/object-store";

export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Declares the contract's tests; `store()` is called in each test (after the file's beforeAll). */
export function itBehavesAsAnObjectStore(store: () => ObjectStore): void {
  const scratch = mkdtempSync(path.join(tmpdir(), "vms-store-contract-"));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it("writes and reads objects; a missing one is null", async () => {
    const key = `org/request/${randomUUID()}`;
    await store().put(key, Uint8Array.from([0xff, 0xd8, 0xff, 0xd9]), "image/jpeg");
    expect(await store().get(key)).toEqual({
      bytes: Uint8Array.from([0xff, 0xd8, 0xff, 0xd9]),
      contentType: "image/jpeg",
    });
    expect(await store().get(`org/request/${randomUUID()}`)).toBeNull();
    expect(await store().getStream(`org/request/${randomUUID()}`)).toBeNull();
  });

  it("uploads a file from disk, leaves the file where it was, and streams it back", async () => {
    const bytes = randomBytes(3 * 1024 * 1024 + 17);
    const file = path.join(scratch, `${randomUUID()}.bin`);
    writeFileSync(file, bytes);
    const key = `archive/Test/${randomUUID()}.ndjson.gz`;
    await store().putFile(key, file, "application/x-ndjson");
    expect(existsSync(file)).toBe(true);
    const stream = await store().getStream(key);
    expect(stream).not.toBeNull();
    expect((await readAll(stream as Readable)).equals(bytes)).toBe(true);
    expect((await store().get(key))?.contentType).toBe("application/x-ndjson");
  });

  it("replaces an object uploaded again under the same key", async () => {
    const key = `archive/Test/${randomUUID()}.ndjson.gz`;
    for (const text of ["first", "second"]) {
      const file = path.join(scratch, `${randomUUID()}.txt`);
      writeFileSync(file, text);
      await store().putFile(key, file, "text/plain");
    }
    expect(Buffer.from((await store().get(key))?.bytes ?? []).toString()).toBe("second");
  });

  it("refuses a file that is not there, storing nothing", async () => {
    const key = `archive/Test/${randomUUID()}.ndjson.gz`;
    await expect(store().putFile(key, path.join(scratch, "missing.bin"), "text/plain")).rejects.toThrow();
    expect(await store().get(key)).toBeNull();
  });
}
