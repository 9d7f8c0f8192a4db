// An object store in an S3-compatible bucket (AWS, MinIO, R2, …), through @aws-sdk/client-s3.
import "server-only";
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { Readable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import {
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  type GetObjectCommandOutput,
  type S3ClientConfig,
} from "@aws-sdk/client-s3";
import { logger } from "@/lib/logger";
import type { ObjectStore } from "@/lib/object-store/object-store";

export type S3Settings = {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
};

/**
 * The SDK does not retry a request whose body is a stream (it cannot rewind it): putFile does, opening
 * the file again, after 0.5 s and then 1 s.
 */
const PUT_FILE_ATTEMPTS = 3;
const PUT_FILE_RETRY_MS = 500;

/**
 * The SDK's own messages, which it would otherwise print with console.warn (not our JSON lines): its
 * warnings at debug level (e.g. that a streamed request failed: putFile logs its retries itself); its
 * per-request records and errors not at all (the error itself reaches the caller).
 */
const sdkLogger = {
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  warn: (...content: unknown[]) =>
    logger.debug("S3 client warning", { detail: content.map(String).join(" ") }),
  error: () => undefined,
};

export function s3Store(settings: S3Settings): ObjectStore {
  const config: S3ClientConfig = {
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    // Checksums only where S3 requires them: several S3-compatible stores refuse the newer defaults.
    // (It also lets a file go up as a plain stream of known length, with no checksum to compute first.)
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    logger: sdkLogger,
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
  };
  const client = new S3Client(config);

  async function getObject(key: string): Promise<GetObjectCommandOutput | null> {
    try {
      const object = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: key }));
      return object.Body ? object : null;
    } catch (error) {
      if (error instanceof NoSuchKey) return null;
      throw error;
    }
  }

  return {
    async put(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket: settings.bucket, Key: key, Body: bytes, ContentType: contentType }),
      );
    },
    // One PutObject (up to 5 GiB, S3's limit for a single upload): the file is streamed from disk with
    // its length given, so the SDK neither buffers it nor needs chunked encoding.
    async putFile(key, filePath, contentType) {
      const { size } = await stat(filePath);
      for (let attempt = 1; ; attempt++) {
        const body = createReadStream(filePath);
        try {
          await client.send(
            new PutObjectCommand({
              Bucket: settings.bucket,
              Key: key,
              Body: body,
              ContentLength: size,
              ContentType: contentType,
            }),
          );
          return;
        } catch (error) {
          if (attempt >= PUT_FILE_ATTEMPTS || !worthRetrying(error)) throw error;
          logger.warn("S3 upload failed, trying again", { key, attempt, error: String(error) });
        } finally {
          body.destroy();
        }
        await sleep(PUT_FILE_RETRY_MS * attempt);
      }
    },
    async get(key) {
      const object = await getObject(key);
      if (!object?.Body) return null;
      const bytes = await object.Body.transformToByteArray();
      return { bytes, contentType: object.ContentType ?? "application/octet-stream" };
    },
    async getStream(key) {
      const body = (await getObject(key))?.Body;
      if (!body) return null;
      // On Node the SDK answers with the HTTP response itself, a Readable.
      if (!(body instanceof Readable)) throw new Error("S3 answered with a body that is not a Node stream");
      return body;
    },
  };
}

/** No answer at all (refused, reset, timed out), a server error or throttling; not a refusal (4xx). */
function worthRetrying(error: unknown): boolean {
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return status === undefined || status >= 500 || status === 429;
}
