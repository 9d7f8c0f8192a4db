// With no DATABASE_URL the product runs on its embedded PostgreSQL, seeds demo data, and keeps its
// data across a restart.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { env } from "@/lib/env";
import { environmentWithoutDatabase, spawnProduct } from "../support/spawn-product";

const DEMO_KEY_A = env().DEMO_API_KEY_A;

test("npm start without DATABASE_URL serves the API from the embedded database, persistently", async () => {
  test.setTimeout(300_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), "vms-embedded-"));
  const env = environmentWithoutDatabase({ EMBEDDED_DB_DIR: dataDir });
  try {
    const first = await spawnProduct({ port: 3101, env });
    expect(first.output()).toContain("embedded");
    const sites = await fetch(`${first.baseUrl}/v1/infrastructure/sites`, {
      headers: { "X-Service-API-Key": DEMO_KEY_A },
    });
    expect(sites.status).toBe(200);
    const before = ((await sites.json()) as { data: { id: string }[] }).data.map((site) => site.id);
    expect(before.length).toBeGreaterThan(3);
    expect(await first.stop()).toBe(0);

    const second = await spawnProduct({ port: 3101, env });
    const again = await fetch(`${second.baseUrl}/v1/infrastructure/sites`, {
      headers: { "X-Service-API-Key": DEMO_KEY_A },
    });
    const after = ((await again.json()) as { data: { id: string }[] }).data.map((site) => site.id);
    expect(after).toEqual(before);
    expect(await second.stop()).toBe(0);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
