// The folder store: the object store contract in a temporary folder, keys that would leave it refused,
// and no half-copied file left beside an object.
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { folderStore } from "@/lib/object-store/folder-store";
import { itBehavesAsAnObjectStore } from "@/test/object-store-contract";

const root = mkdtempSync(path.join(tmpdir(), "vms-folder-store-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const store = folderStore(root);

describe("the folder store", () => {
  itBehavesAsAnObjectStore(() => store);

  it("refuses keys that could leave its folder", async () => {
    for (const key of ["../outside", "a/../../outside", "/etc/passwd", "", "a\\b", ".hidden"]) {
      await expect(store.put(key, new Uint8Array(1), "text/plain")).rejects.toThrow(
        /Unsafe object store key/,
      );
      await expect(store.putFile(key, __filename, "text/plain")).rejects.toThrow(/Unsafe object store key/);
      await expect(store.getStream(key)).rejects.toThrow(/Unsafe object store key/);
    }
  });

  it("leaves no partial copy behind, whether the upload worked or not", () => {
    const files = readdirSync(root, { recursive: true }).map(String);
    expect(files.filter((file) => file.endsWith(".partial"))).toEqual([]);
  });
});
