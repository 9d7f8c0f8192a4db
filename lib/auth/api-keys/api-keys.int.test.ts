// Staff-side API key management: created keys work at once and are stored only as a hash, listed without
// secrets, revoked keys are refused by the API on their next request, and an organisation never reaches
// another organisation's profile.
import { beforeAll, describe, expect, it } from "vitest";
import { GET as listSitesRoute } from "@/app/v1/infrastructure/sites/route";
import { hashApiKey } from "@/lib/auth/api-key-secret";
import { createApiKey } from "@/lib/auth/api-keys/create-api-key";
import { listApiKeys } from "@/lib/auth/api-keys/list-api-keys";
import {
  getOrganisationProfileOrThrow,
  listOrganisationProfiles,
  webhookScopeOf,
  webhookScopeOfEndpoint,
} from "@/lib/auth/api-keys/organisation-profiles";
import { revokeApiKey } from "@/lib/auth/api-keys/revoke-api-key";
import { createApiKeyBody } from "@/lib/auth/api-keys/schemas";
import { kysely } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import { callRoute } from "@/test/call-route";
import { createTenant, type Tenant } from "@/test/tenant";
import { setupTestDatabase } from "@/test/test-database";
import { createProfile } from "@/prisma/factories";
import { createWebhookEndpoint } from "@/lib/webhooks/create-endpoint";

const database = setupTestDatabase();
let tenant: Tenant;
let other: Tenant;
const admin = () => ({ organisationId: tenant.organisation.id, email: "admin@example.test" });
const intruder = () => ({ organisationId: other.organisation.id, email: "admin@other.test" });

beforeAll(async () => {
  tenant = await createTenant(database.prisma);
  other = await createTenant(database.prisma);
});

async function listSites(apiKey: string) {
  return callRoute(listSitesRoute, { path: "/v1/infrastructure/sites", apiKey });
}

async function expectNotFound(work: Promise<unknown>) {
  const error = await work.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe("NOT_FOUND");
}

describe("createApiKey", () => {
  it("returns the key once, stores only its hash and prefix, owned by the admin", async () => {
    const { key, apiKey } = await createApiKey(
      admin(),
      tenant.profile.id,
      createApiKeyBody.parse({ name: "  DMS production  ", scopes: ["operations", "integration"] }),
    );
    expect(key).toMatch(/^vms_[0-9A-Za-z]{40}$/);
    expect(apiKey).toEqual({
      id: expect.any(String),
      profileId: tenant.profile.id,
      name: "DMS production",
      prefix: key.slice(0, 12),
      scopes: ["integration", "operations"],
      ownerEmail: "admin@example.test",
      createdAt: expect.stringMatching(/Z$/),
      lastUsedAt: null,
      revokedAt: null,
    });
    const row = await kysely()
      .selectFrom("ApiKey")
      .selectAll()
      .where("id", "=", apiKey.id)
      .executeTakeFirstOrThrow();
    expect(row.hash).toBe(hashApiKey(key));
    expect(JSON.stringify(row)).not.toContain(key);
    expect(JSON.stringify(apiKey)).not.toContain(key);
  });

  it("makes a key the API accepts at once, and records its last use", async () => {
    const { key, apiKey } = await createApiKey(admin(), tenant.profile.id, {
      name: "Sites reader",
      scopes: ["integration"],
    });
    expect((await listSites(key)).status).toBe(200);
    const [listed] = (await listApiKeys(admin(), tenant.profile.id)).filter((k) => k.id === apiKey.id);
    expect(listed?.lastUsedAt).toEqual(expect.stringMatching(/Z$/));
  });

  it("gives the key only the scopes chosen: an operations key is refused by integration endpoints", async () => {
    const { key } = await createApiKey(admin(), tenant.profile.id, {
      name: "Ops only",
      scopes: ["operations"],
    });
    expect((await listSites(key)).status).toBe(403);
  });

  it("refuses a profile of another organisation, and one that does not exist", async () => {
    await expectNotFound(createApiKey(intruder(), tenant.profile.id, { name: "x", scopes: ["integration"] }));
    await expectNotFound(createApiKey(admin(), "01JD8Y3QK2V7R4W9X6T5B1N0MC", { name: "x", scopes: [] }));
    expect(await kysely().selectFrom("ApiKey").select("id").where("name", "=", "x").execute()).toEqual([]);
  });
});

describe("createApiKeyBody", () => {
  it("requires a name and at least one known scope", () => {
    expect(createApiKeyBody.safeParse({ name: " ", scopes: ["integration"] }).success).toBe(false);
    expect(createApiKeyBody.safeParse({ name: "a", scopes: [] }).success).toBe(false);
    expect(createApiKeyBody.safeParse({ name: "a", scopes: ["admin"] }).success).toBe(false);
    expect(createApiKeyBody.safeParse({ name: "a".repeat(81), scopes: ["integration"] }).success).toBe(false);
    expect(createApiKeyBody.parse({ name: "a", scopes: ["integration", "integration"] }).scopes).toEqual([
      "integration",
    ]);
  });
});

describe("listApiKeys", () => {
  it("lists the profile's keys without secrets, active first, then revoked", async () => {
    const fresh = await createTenant(database.prisma);
    const scope = { organisationId: fresh.organisation.id };
    const revoked = (
      await createApiKey({ ...scope, email: "a@x.test" }, fresh.profile.id, {
        name: "Old",
        scopes: ["integration"],
      })
    ).apiKey;
    await revokeApiKey(scope, fresh.profile.id, revoked.id);
    const keys = await listApiKeys(scope, fresh.profile.id);
    // The tenant's two factory keys and "Old".
    expect(keys).toHaveLength(3);
    expect(keys.at(-1)).toMatchObject({ id: revoked.id, revokedAt: expect.stringMatching(/Z$/) });
    expect(keys.slice(0, 2).every((key) => key.revokedAt === null)).toBe(true);
    for (const key of keys) expect(Object.keys(key)).not.toContain("hash");
  });

  it("never lists another organisation's keys", async () => {
    await expectNotFound(listApiKeys(intruder(), tenant.profile.id));
  });
});

describe("revokeApiKey", () => {
  it("a revoked key is refused by GET /v1/infrastructure/sites on its next request", async () => {
    const { key, apiKey } = await createApiKey(admin(), tenant.profile.id, {
      name: "To revoke",
      scopes: ["integration"],
    });
    expect((await listSites(key)).status).toBe(200);
    const revoked = await revokeApiKey(admin(), tenant.profile.id, apiKey.id);
    expect(revoked.revokedAt).toEqual(expect.stringMatching(/Z$/));
    const refused = await listSites(key);
    expect(refused.status).toBe(401);
    expect(refused.headers.get("content-type")).toMatch(/application\/problem\+json/);
    expect(await refused.json()).toMatchObject({ code: "UNAUTHORIZED" });
  });

  it("keeps the first revocation time when revoked again", async () => {
    const { apiKey } = await createApiKey(admin(), tenant.profile.id, {
      name: "Twice",
      scopes: ["integration"],
    });
    const first = await revokeApiKey(admin(), tenant.profile.id, apiKey.id, new Date("2026-11-20T10:00:00Z"));
    const second = await revokeApiKey(
      admin(),
      tenant.profile.id,
      apiKey.id,
      new Date("2026-11-21T10:00:00Z"),
    );
    expect(second.revokedAt).toBe(first.revokedAt);
    expect(first.revokedAt).toBe("2026-11-20T10:00:00.000Z");
  });

  it("cannot revoke another organisation's key, even with a profile id of its own", async () => {
    // The tenant's oldest active key: its factory integration key.
    const victim = await kysely()
      .selectFrom("ApiKey")
      .select("id")
      .where("profileId", "=", tenant.profile.id)
      .where("revokedAt", "is", null)
      .orderBy("createdAt")
      .limit(1)
      .executeTakeFirst();
    // Through the victim's profile id: the profile is not the intruder's organisation's.
    await expectNotFound(revokeApiKey(intruder(), tenant.profile.id, victim!.id));
    // Through the intruder's own profile id: the key is not of that profile.
    await expectNotFound(revokeApiKey(intruder(), other.profile.id, victim!.id));
    const row = await kysely()
      .selectFrom("ApiKey")
      .select("revokedAt")
      .where("id", "=", victim!.id)
      .executeTakeFirstOrThrow();
    expect(row.revokedAt).toBeNull();
    expect((await listSites(tenant.integrationKey)).status).toBe(200);
  });
});

describe("organisation profiles", () => {
  it("lists the organisation's profiles only, oldest first", async () => {
    const second = await createProfile(database.prisma, {
      organisationId: tenant.organisation.id,
      name: "Second",
    });
    const profiles = await listOrganisationProfiles({ organisationId: tenant.organisation.id });
    expect(profiles.map((profile) => profile.id)).toEqual([tenant.profile.id, second.id]);
    expect(profiles.map((profile) => profile.id)).not.toContain(other.profile.id);
  });

  it("gives a webhook scope only for a profile of the organisation", async () => {
    expect(await webhookScopeOf({ organisationId: tenant.organisation.id }, tenant.profile.id)).toEqual({
      profileId: tenant.profile.id,
    });
    await expectNotFound(webhookScopeOf({ organisationId: tenant.organisation.id }, other.profile.id));
    await expectNotFound(getOrganisationProfileOrThrow({ organisationId: "nope" }, tenant.profile.id));
  });

  it("finds an endpoint's scope only inside the organisation (the endpoint pages' check)", async () => {
    const endpoint = await createWebhookEndpoint(
      { profileId: tenant.profile.id },
      { url: "https://93.184.215.14/hook" },
    );
    expect(await webhookScopeOfEndpoint({ organisationId: tenant.organisation.id }, endpoint.id)).toEqual({
      profileId: tenant.profile.id,
    });
    const error = await webhookScopeOfEndpoint({ organisationId: other.organisation.id }, endpoint.id).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("WEBHOOK_ENDPOINT_NOT_FOUND");
  });
});
