// Where proof photos' bytes live: a folder under .data/ by default, any S3-compatible store when
// S3_BUCKET is set (docs/carrier-journey.md). Either way nobody reaches them directly: the service
// reads them back for the signed links of /api/proof-photos (signed-photo-url.ts).
import "server-only";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import {
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from "@aws-sdk/client-s3";
import { env } from "@/lib/env";

export type StoredObject = { bytes: Uint8Array; contentType: string };

export interface ProofStore {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** Null when there is no such object. */
  get(key: string): Promise<StoredObject | null>;
}

/** Keys are made by the service (ids), never from input; the check keeps a bug from leaving the folder. */
const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9/_.-]{0,200}$/;

export function folderStore(root: string): ProofStore {
  const file = (key: string) => {
    if (!SAFE_KEY.test(key) || key.includes("..")) throw new Error(`Unsafe proof store key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, bytes, contentType) {
      await mkdir(path.dirname(file(key)), { recursive: true });
      await writeFile(file(key), bytes);
      await writeFile(`${file(key)}.type`, contentType);
    },
    async get(key) {
      try {
        const [bytes, contentType] = await Promise.all([
          readFile(file(key)),
          readFile(`${file(key)}.type`, "utf8"),
        ]);
        return { bytes: new Uint8Array(bytes), contentType };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
  };
}

export type S3Settings = {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
};

export function s3Store(settings: S3Settings): ProofStore {
  const config: S3ClientConfig = {
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    // Checksums only where S3 requires them: several S3-compatible stores refuse the newer defaults.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
  };
  const client = new S3Client(config);
  return {
    async put(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket: settings.bucket, Key: key, Body: bytes, ContentType: contentType }),
      );
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: key }));
        if (!object.Body) return null;
        const bytes = await object.Body.transformToByteArray();
        return { bytes, contentType: object.ContentType ?? "application/octet-stream" };
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },
  };
}

let configured: ProofStore | undefined;

/** The store the settings name (S3 when S3_BUCKET is set), made once per process. */
export function proofStore(): ProofStore {
  if (configured) return configured;
  const settings = env();
  configured = settings.S3_BUCKET
    ? s3Store({
        bucket: settings.S3_BUCKET,
        endpoint: settings.S3_ENDPOINT,
        region: settings.S3_REGION,
        accessKeyId: settings.S3_ACCESS_KEY_ID,
        secretAccessKey: settings.S3_SECRET_ACCESS_KEY,
        forcePathStyle: settings.S3_FORCE_PATH_STYLE,
      })
    : folderStore(path.resolve(settings.PROOF_STORAGE_DIR));
  return configured;
}

/** Tests point the service at another store (a folder of their own, an s3rver). */
export function useProofStore(store: ProofStore | undefined): void {
  configured = store;
}
