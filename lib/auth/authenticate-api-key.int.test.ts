// API keys are cached by each process for API_KEY_CACHE_SECONDS: a revoked key still works until its
// cached entry expires, and is refused from then on; a key the process has not seen is looked up at once.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { hashApiKey } from "@/lib/auth/api-key-secret";
import { authenticateApiKey } from "@/lib/auth/authenticate-api-key";
import { kysely } from "@/lib/db";
import { createTenant, type Tenant } from "@/test/tenant";
import { setupTestDatabase } from "@/test/test-database";

const TTL_SECONDS = 2;
// Read by lib/env on first use, which has not happened yet in this file's module graph.
process.env.API_KEY_CACHE_SECONDS = String(TTL_SECONDS);

const database = setupTestDatabase();
let tenant: Tenant;

beforeAll(async () => {
  tenant = await createTenant(database.prisma);
});

afterEach(() => {
  vi.useRealTimers();
});

async function setRevokedAt(key: string, revokedAt: Date | null): Promise<void> {
  await kysely().updateTable("ApiKey").set({ revokedAt }).where("hash", "=", hashApiKey(key)).execute();
}

describe("authenticateApiKey's cache", () => {
  it("refuses a revoked key once its cached entry is older than API_KEY_CACHE_SECONDS", async () => {
    // Only Date moves: the database client's own timers keep running.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const caller = await authenticateApiKey(tenant.integrationKey);
    await setRevokedAt(tenant.integrationKey, new Date());

    vi.setSystemTime(Date.now() + TTL_SECONDS * 1000 - 1);
    await expect(authenticateApiKey(tenant.integrationKey)).resolves.toEqual(caller);

    vi.setSystemTime(Date.now() + 2);
    await expect(authenticateApiKey(tenant.integrationKey)).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });

  it("looks up a key it has not cached, and never caches a refusal", async () => {
    const fresh = await createTenant(database.prisma);
    await setRevokedAt(fresh.operationsKey, new Date());
    await expect(authenticateApiKey(fresh.operationsKey)).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await setRevokedAt(fresh.operationsKey, null);
    await expect(authenticateApiKey(fresh.operationsKey)).resolves.toMatchObject({
      scopes: ["operations"],
    });
  });
});
