import { beforeAll, describe, expect, it } from "vitest";
import { GET as listSitesRoute } from "@/app/v1/infrastructure/sites/route";
import { callRoute } from "@/test/call-route";
import { createTenant, type Tenant } from "@/test/tenant";
import { setupTestDatabase } from "@/test/test-database";

// Read by lib/env on first use, which has not happened yet in this file's module graph.
process.env.RATE_LIMIT_REQUESTS = "3";
process.env.RATE_LIMIT_WINDOW_SECONDS = "60";

const database = setupTestDatabase();
let tenant: Tenant;
let otherTenant: Tenant;

beforeAll(async () => {
  tenant = await createTenant(database.prisma);
  otherTenant = await createTenant(database.prisma);
});

const listSites = (apiKey: string) => callRoute(listSitesRoute, { path: "/v1/infrastructure/sites", apiKey });

describe("rate limiting per API key", () => {
  it("counts down in RateLimit headers, then answers 429 RATE_LIMITED with Retry-After", async () => {
    const remaining: (string | null)[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await listSites(tenant.integrationKey);
      expect(response.status).toBe(200);
      expect(response.headers.get("ratelimit-limit")).toBe("3");
      remaining.push(response.headers.get("ratelimit-remaining"));
    }
    expect(remaining).toEqual(["2", "1", "0"]);

    const limited = await listSites(tenant.integrationKey);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("content-type")).toBe("application/problem+json");
    expect(await limited.json()).toMatchObject({ code: "RATE_LIMITED", status: 429 });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.headers.get("ratelimit-remaining")).toBe("0");
  });

  it("limits each key on its own", async () => {
    const response = await listSites(otherTenant.integrationKey);
    expect(response.status).toBe(200);
  });
});
