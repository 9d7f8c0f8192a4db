// A limit well above the allowance threshold: requests are counted in the process and settled in
// batches, so a run of requests makes a few statements, not one each; two processes (two instances of
// the module) share one count, and together admit no more than the documented bound beyond the limit.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { kysely } from "@/lib/db";
import { createTenant, type Tenant } from "@/test/tenant";
import { setupTestDatabase } from "@/test/test-database";

const LIMIT = 800;
// Read by lib/env on first use, which has not happened yet in this file's module graph.
process.env.RATE_LIMIT_REQUESTS = String(LIMIT);
process.env.RATE_LIMIT_WINDOW_SECONDS = "600";
// No timer settle during a test: each test settles when it means to.
process.env.RATE_LIMIT_SETTLE_MS = "10000";

const database = setupTestDatabase();
let tenant: Tenant;

beforeAll(async () => {
  tenant = await createTenant(database.prisma);
});

type RateLimitModule = typeof import("@/lib/http/rate-limit");

/** A fresh copy of the module: what another web process has (its own local counts). */
async function anotherProcess(): Promise<RateLimitModule> {
  vi.resetModules();
  return import("@/lib/http/rate-limit");
}

async function sharedCount(bucket: string): Promise<number> {
  const row = await kysely()
    .selectFrom("ApiKeyRateLimit")
    .select("count")
    .where("apiKeyId", "=", bucket)
    .executeTakeFirst();
  return row?.count ?? 0;
}

async function admitted(limiter: RateLimitModule, bucket: string, requests: number): Promise<number> {
  let count = 0;
  for (let i = 0; i < requests; i++) {
    try {
      await limiter.consumeRateLimit(bucket, tenant.organisation.id);
      count += 1;
    } catch (error) {
      expect(error).toMatchObject({ code: "RATE_LIMITED" });
    }
  }
  return count;
}

describe("rate limiting, counted locally and settled in batches", () => {
  it("writes once for the first request and once per settle, not once per request", async () => {
    const limiter = await anotherProcess();
    const bucket = `test:${tenant.profile.id}:batch`;
    const headers = await limiter.consumeRateLimit(bucket, tenant.organisation.id);
    expect(headers["ratelimit-remaining"]).toBe(String(LIMIT - 1));
    expect(await sharedCount(bucket)).toBe(1);

    expect(await admitted(limiter, bucket, 40)).toBe(40);
    // The allowance (1/8 of what was left) covers them: none has reached the database yet.
    expect(await sharedCount(bucket)).toBe(1);
    expect((await limiter.consumeRateLimit(bucket, tenant.organisation.id))["ratelimit-remaining"]).toBe(
      String(LIMIT - 42),
    );

    await limiter.settleRateLimits();
    expect(await sharedCount(bucket)).toBe(42);
  });

  it("learns a window with one statement when its first requests arrive together", async () => {
    const limiter = await anotherProcess();
    const bucket = `test:${tenant.profile.id}:together`;
    await Promise.all(
      Array.from({ length: 10 }, () => limiter.consumeRateLimit(bucket, tenant.organisation.id)),
    );
    expect(await sharedCount(bucket)).toBe(1);
    await limiter.settleRateLimits();
    expect(await sharedCount(bucket)).toBe(10);
  });

  it("shares one count between processes, admitting at most P × ⌊limit / 8⌋ beyond it", async () => {
    const bucket = `test:${tenant.profile.id}:shared`;
    const first = await anotherProcess();
    const second = await anotherProcess();
    let total = 0;
    // Each process spends its allowance without hearing of the other's until it must settle.
    for (let round = 0; round < 20; round++) {
      total += await admitted(first, bucket, 60);
      total += await admitted(second, bucket, 60);
    }
    expect(total).toBeGreaterThanOrEqual(LIMIT);
    expect(total).toBeLessThanOrEqual(LIMIT + 2 * Math.floor(LIMIT / 8));
    await first.settleRateLimits();
    await second.settleRateLimits();
    // Once both have settled, both refuse.
    expect(await admitted(first, bucket, 5)).toBe(0);
    expect(await admitted(second, bucket, 5)).toBe(0);
  });

  it("answers 429 with the IETF headers once the shared count is past the limit", async () => {
    const limiter = await anotherProcess();
    const bucket = `test:${tenant.profile.id}:refused`;
    await kysely()
      .insertInto("ApiKeyRateLimit")
      .values({
        apiKeyId: bucket,
        organisationId: tenant.organisation.id,
        count: LIMIT,
        windowEndsAtMs: String(Date.now() + 600_000),
      })
      .execute();
    await expect(
      limiter.consumeRateLimit(bucket, tenant.organisation.id, "this job link"),
    ).rejects.toMatchObject({
      code: "RATE_LIMITED",
      message: expect.stringContaining("this job link") as unknown,
      headers: { "ratelimit-remaining": "0", "ratelimit-limit": String(LIMIT) },
    });
    // Refused again from what the process knows: the shared count does not grow.
    const countAfterFirst = await sharedCount(bucket);
    await expect(limiter.consumeRateLimit(bucket, tenant.organisation.id)).rejects.toMatchObject({
      code: "RATE_LIMITED",
    });
    expect(await sharedCount(bucket)).toBe(countAfterFirst);
  });
});
