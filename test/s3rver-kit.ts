// A real S3 protocol server for a test file (s3rver, in this process, on a free loopback port, with a
// folder of its own): the settings that reach it, and a stop that also removes its folder.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import type { S3Settings } from "@/lib/object-store/s3-store";

export type RunningS3rver = { settings: S3Settings; stop: () => Promise<void> };

export async function startS3rver(bucket: string): Promise<RunningS3rver> {
  const directory = mkdtempSync(path.join(tmpdir(), "vms-s3rver-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    settings: {
      bucket,
      endpoint: `http://127.0.0.1:${port}`,
      region: "us-east-1",
      // s3rver's fixed development credentials.
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      forcePathStyle: true,
    },
    stop: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
