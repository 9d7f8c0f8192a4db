// An object store in a folder (the default when no S3 store is configured): each object is a file, with
// its content type in a `.type` file beside it.
import "server-only";
import { randomUUID } from "node:crypto";
import { copyFile, mkdir, open, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { isSafeKey, type ObjectStore } from "@/lib/object-store/object-store";

export function folderStore(root: string): ObjectStore {
  const file = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`Unsafe object store key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, bytes, contentType) {
      await mkdir(path.dirname(file(key)), { recursive: true });
      await writeFile(file(key), bytes);
      await writeFile(`${file(key)}.type`, contentType);
    },
    async putFile(key, filePath, contentType) {
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Copied beside the target, then renamed: a reader never sees half a file, and a failed copy
      // leaves nothing under the key (the source may be on another file system, so no plain rename).
      const partial = `${target}.${randomUUID()}.partial`;
      try {
        await copyFile(filePath, partial);
        await writeFile(`${target}.type`, contentType);
        await rename(partial, target);
      } finally {
        await rm(partial, { force: true });
      }
    },
    async get(key) {
      return nullWhenMissing(async () => {
        const [bytes, contentType] = await Promise.all([
          readFile(file(key)),
          readFile(`${file(key)}.type`, "utf8"),
        ]);
        return { bytes: new Uint8Array(bytes), contentType };
      });
    },
    async getStream(key) {
      return nullWhenMissing(async () => (await open(file(key))).createReadStream());
    },
  };
}

async function nullWhenMissing<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}
