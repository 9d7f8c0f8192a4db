// The S3 store against a real S3 protocol server (s3rver, started here), through @aws-sdk/client-s3
// with path-style addressing and credentials: the object store contract, files streamed up with their
// length (and sent again when the connection fails), objects streamed down.
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ObjectStore } from "@/lib/object-store/object-store";
import { s3Store } from "@/lib/object-store/s3-store";
import { itBehavesAsAnObjectStore } from "@/test/object-store-contract";
import { startS3rver, type RunningS3rver } from "@/test/s3rver-kit";
import { startTcpProxy } from "@/test/tcp-proxy";

let s3rver: RunningS3rver;
let store: ObjectStore;
const scratch = mkdtempSync(path.join(tmpdir(), "vms-s3-store-"));

beforeAll(async () => {
  s3rver = await startS3rver("objects");
  store = s3Store(s3rver.settings);
});

afterAll(async () => {
  await s3rver?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

describe("the S3 store", () => {
  itBehavesAsAnObjectStore(() => store);

  it("sends a file again when the connection fails (the SDK does not retry a streamed body)", async () => {
    const target = new URL(s3rver.settings.endpoint ?? "");
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port) });
    try {
      const behindProxy = s3Store({ ...s3rver.settings, endpoint: `http://127.0.0.1:${proxy.port}` });
      const file = path.join(scratch, "retried.bin");
      const bytes = randomBytes(256 * 1024);
      writeFileSync(file, bytes);
      proxy.cut();
      setTimeout(() => proxy.restore(), 200);
      const key = `archive/Test/${randomUUID()}.bin`;
      await behindProxy.putFile(key, file, "application/octet-stream");
      expect(Buffer.from((await store.get(key))?.bytes ?? []).equals(bytes)).toBe(true);
    } finally {
      await proxy.close();
    }
  });
});
