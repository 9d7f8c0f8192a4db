// Reads a history archive back (archive-partition.ts wrote it): the NDJSON text, decompressed as it
// streams from the store, or its rows parsed one by one. `npm run archive:read` prints the text.
import "server-only";
import { createInterface } from "node:readline";
import { pipeline, type Readable } from "node:stream";
import { createGunzip } from "node:zlib";
import { historyArchiveStore } from "@/lib/history/archive-store";
import type { ObjectStore } from "@/lib/object-store/object-store";

/** The archive's NDJSON text as a stream; throws when there is no archive under `key`. */
export async function openArchive(
  key: string,
  store: ObjectStore = historyArchiveStore(),
): Promise<Readable> {
  const compressed = await store.getStream(key);
  if (!compressed) throw new Error(`No history archive at ${key}`);
  const text = createGunzip();
  // An error on either side (the store's connection, a corrupt archive) destroys both, and reaches
  // whoever reads `text`; a reader that stops early destroys `text`, which closes the store's stream.
  pipeline(compressed, text, () => undefined);
  return text;
}

/** The archive's rows, parsed, in the order they were archived (by id). */
export async function* readArchive(
  key: string,
  store: ObjectStore = historyArchiveStore(),
): AsyncGenerator<Record<string, unknown>> {
  const text = await openArchive(key, store);
  const lines = createInterface({ input: text, crlfDelay: Infinity });
  try {
    for await (const line of lines) {
      if (line !== "") yield JSON.parse(line) as Record<string, unknown>;
    }
  } finally {
    lines.close();
    text.destroy();
  }
}
