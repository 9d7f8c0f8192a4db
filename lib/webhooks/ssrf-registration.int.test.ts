// Registration as in production: WEBHOOK_ALLOW_PRIVATE_TARGETS=false. Set before the first env() call
// in this file (env() is read lazily, never at import; each test file has its own module registry).
process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = "false";

import { beforeAll, describe, expect, it } from "vitest";
import { POST as createRoute } from "@/app/v1/webhooks/endpoints/route";
import { PATCH as patchRoute } from "@/app/v1/webhooks/endpoints/[id]/route";
import { env } from "@/lib/env";
import { callRoute } from "@/test/call-route";
import { createTenant, type Tenant } from "@/test/tenant";
import { setupTestDatabase } from "@/test/test-database";
import { countRows } from "@/test/count-rows";

const database = setupTestDatabase();
let tenant: Tenant;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are compared loosely
type Body = Record<string, any>;

beforeAll(async () => {
  tenant = await createTenant(database.prisma);
});

async function create(url: string) {
  const response = await callRoute(createRoute, {
    method: "POST",
    path: "/v1/webhooks/endpoints",
    apiKey: tenant.integrationKey,
    body: { url },
  });
  return { status: response.status, body: (await response.json()) as Body };
}

describe("registration with private targets not allowed", () => {
  it("reads the setting", () => {
    expect(env().WEBHOOK_ALLOW_PRIVATE_TARGETS).toBe(false);
  });

  it.each([
    ["http://localhost:4000/hook", /https/],
    ["https://localhost/hook", /loopback/],
    ["http://127.0.0.1:4000/hook", /https/],
    ["https://127.0.0.1/hook", /loopback/],
    ["https://[::1]/hook", /loopback/],
    ["https://2130706433/", /loopback/],
    ["https://0177.0.0.1/", /loopback/],
    ["https://0x7f.0.0.1/", /loopback/],
    ["https://127.1/", /loopback/],
    ["https://169.254.169.254/latest/meta-data/", /link-local/],
    ["https://10.0.0.1/", /private/],
    ["https://172.16.5.4/", /private/],
    ["https://192.168.1.1/", /private/],
    ["https://100.64.0.1/", /carrier-grade NAT/],
    ["https://[fc00::1]/", /private/],
    ["https://[fe80::1]/", /link-local/],
    ["https://[::ffff:127.0.0.1]/", /IPv4-mapped/],
    ["https://[::ffff:7f00:1]/", /IPv4-mapped/],
    ["https://0.0.0.0/", /unspecified/],
    ["https://[::]/", /unspecified/],
    ["https://224.0.0.1/", /multicast/],
    ["https://255.255.255.255/", /broadcast/],
  ])("refuses %s", async (url, reason) => {
    const { status, body } = await create(url);
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: "VALIDATION_ERROR", message: expect.stringMatching(reason) });
    expect(body.errors).toEqual([{ path: "url", message: expect.stringMatching(reason) }]);
  });

  it("accepts a public https URL, and refuses to PATCH it to loopback", async () => {
    const created = await create("https://93.184.215.14/hook");
    expect(created.status).toBe(201);
    const response = await callRoute(patchRoute, {
      method: "PATCH",
      path: `/v1/webhooks/endpoints/${created.body.id}`,
      apiKey: tenant.integrationKey,
      params: { id: created.body.id },
      body: { url: "https://127.0.0.1/hook" },
    });
    expect(response.status).toBe(400);
    expect(await countRows(database.kysely, "WebhookEndpoint")).toBe(1);
  });
});
