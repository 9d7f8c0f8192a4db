import { beforeAll, describe, expect, it } from "vitest";
import { kysely } from "@/lib/db";
import { GET as listSitesRoute } from "@/app/v1/infrastructure/sites/route";
import { GET as unknownRoute } from "@/app/v1/[...path]/route";
import { callRoute } from "@/test/call-route";
import { createTenant, type Tenant } from "@/test/tenant";
import { setupTestDatabase } from "@/test/test-database";
import { createApiKey } from "@/prisma/factories/api-key";

const database = setupTestDatabase();
let tenant: Tenant;

beforeAll(async () => {
  tenant = await createTenant(database.prisma);
});

async function problemOf(response: Response) {
  expect(response.headers.get("content-type")).toBe("application/problem+json");
  return (await response.json()) as { code: string; message: string; status: number; errors?: unknown[] };
}

describe("authentication", () => {
  it("refuses a request without an API key with 401 UNAUTHORIZED", async () => {
    const response = await callRoute(listSitesRoute, { path: "/v1/infrastructure/sites" });
    expect(response.status).toBe(401);
    expect(await problemOf(response)).toMatchObject({ code: "UNAUTHORIZED", status: 401 });
  });

  it("refuses an unknown key and a revoked key alike", async () => {
    const revoked = await createApiKey(database.prisma, {
      profileId: tenant.profile.id,
      revokedAt: new Date(),
    });
    for (const apiKey of ["vms_not_a_real_key_000000000000", revoked.key]) {
      const response = await callRoute(listSitesRoute, { path: "/v1/infrastructure/sites", apiKey });
      expect(response.status).toBe(401);
      expect((await problemOf(response)).code).toBe("UNAUTHORIZED");
    }
  });

  it("refuses a key without the endpoint's scope with 403 FORBIDDEN", async () => {
    const response = await callRoute(listSitesRoute, {
      path: "/v1/infrastructure/sites",
      apiKey: tenant.operationsKey,
    });
    expect(response.status).toBe(403);
    expect((await problemOf(response)).code).toBe("FORBIDDEN");
  });

  it("records when a key was last used", async () => {
    const { key, record } = await createApiKey(database.prisma, { profileId: tenant.profile.id });
    expect(record.lastUsedAt).toBeNull();
    await callRoute(listSitesRoute, { path: "/v1/infrastructure/sites", apiKey: key });
    const after = await kysely()
      .selectFrom("ApiKey")
      .select("lastUsedAt")
      .where("id", "=", record.id)
      .executeTakeFirstOrThrow();
    expect(after.lastUsedAt).toBeInstanceOf(Date);
  });
});

describe("request ids", () => {
  it("echoes the caller's X-Request-Id", async () => {
    const response = await callRoute(listSitesRoute, {
      path: "/v1/infrastructure/sites",
      apiKey: tenant.integrationKey,
      headers: { "x-request-id": "trace-123" },
    });
    expect(response.headers.get("x-request-id")).toBe("trace-123");
  });

  it("generates one when none (or an unusable one) is sent, on errors too", async () => {
    const response = await callRoute(listSitesRoute, {
      path: "/v1/infrastructure/sites",
      headers: { "x-request-id": "has spaces and\ttabs" },
    });
    expect(response.status).toBe(401);
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
  });
});

describe("query validation", () => {
  it("rejects unknown query parameters with a 400 problem naming them", async () => {
    const response = await callRoute(listSitesRoute, {
      path: "/v1/infrastructure/sites?colour=blue",
      apiKey: tenant.integrationKey,
    });
    expect(response.status).toBe(400);
    const problem = await problemOf(response);
    expect(problem.code).toBe("VALIDATION_ERROR");
    expect(problem.errors).toEqual([expect.objectContaining({ message: expect.stringContaining("colour") })]);
  });

  it("rejects a repeated query parameter", async () => {
    const response = await callRoute(listSitesRoute, {
      path: "/v1/infrastructure/sites?a=1&a=2",
      apiKey: tenant.integrationKey,
    });
    expect(response.status).toBe(400);
    expect((await problemOf(response)).code).toBe("VALIDATION_ERROR");
  });
});

describe("unknown /v1 paths", () => {
  it("answer 404 with a problem body", async () => {
    const response = await callRoute(unknownRoute, {
      path: "/v1/nothing-here",
      params: { path: ["nothing-here"] },
    });
    expect(response.status).toBe(404);
    expect(await problemOf(response)).toMatchObject({ code: "NOT_FOUND", status: 404 });
  });
});
