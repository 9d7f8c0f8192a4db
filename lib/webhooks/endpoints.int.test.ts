import { beforeAll, describe, expect, it } from "vitest";
import { GET as listRoute, POST as createRoute } from "@/app/v1/webhooks/endpoints/route";
import {
  DELETE as deleteRoute,
  GET as getRoute,
  PATCH as patchRoute,
} from "@/app/v1/webhooks/endpoints/[id]/route";
import { GET as attemptsRoute } from "@/app/v1/webhooks/endpoints/[id]/attempts/route";
import { POST as replayRoute } from "@/app/v1/webhooks/endpoints/[id]/replay/route";
import { POST as rotateRoute } from "@/app/v1/webhooks/endpoints/[id]/rotate-secret/route";
import { newId } from "@/lib/ids";
import { callRoute } from "@/test/call-route";
import { createTenant, type Tenant } from "@/test/tenant";
import { setupTestDatabase } from "@/test/test-database";
import { activeSecrets } from "@/lib/webhooks/secrets";
import { decryptSecret } from "@/lib/security/secret-crypto";
import { countRows } from "@/test/count-rows";

const database = setupTestDatabase();
let tenant: Tenant;
let other: Tenant;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are compared loosely
type Body = Record<string, any>;

const PUBLIC_URL = "https://93.184.215.14/hooks/vms";
const SECRET_PATTERN = /^whsec_[A-Za-z0-9+/]{43}=$/;

beforeAll(async () => {
  tenant = await createTenant(database.prisma);
  other = await createTenant(database.prisma);
});

async function create(body: unknown, apiKey = tenant.integrationKey) {
  const response = await callRoute(createRoute, {
    method: "POST",
    path: "/v1/webhooks/endpoints",
    apiKey,
    body,
  });
  return { status: response.status, body: (await response.json()) as Body, response };
}

async function createEndpoint(body: Body = {}): Promise<Body> {
  const created = await create({ url: PUBLIC_URL, ...body });
  expect(created.status).toBe(201);
  return created.body;
}

async function patch(id: string, body: unknown, apiKey = tenant.integrationKey) {
  const response = await callRoute(patchRoute, {
    method: "PATCH",
    path: `/v1/webhooks/endpoints/${id}`,
    apiKey,
    body,
    params: { id },
  });
  return { status: response.status, body: (await response.json()) as Body };
}

async function get(id: string, apiKey = tenant.integrationKey) {
  const response = await callRoute(getRoute, {
    path: `/v1/webhooks/endpoints/${id}`,
    apiKey,
    params: { id },
  });
  return { status: response.status, body: (await response.json()) as Body };
}

describe("POST /v1/webhooks/endpoints", () => {
  it("registers an endpoint and shows its secret once", async () => {
    const { status, body, response } = await create({
      url: PUBLIC_URL,
      description: "Our DMS",
      eventTypes: ["movement.delivered", "movement.collected"],
    });
    expect(status).toBe(201);
    expect(response.headers.get("content-type")).toMatch(/application\/json/);
    expect(body).toEqual({
      id: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{26}$/),
      url: PUBLIC_URL,
      description: "Our DMS",
      eventTypes: ["movement.delivered", "movement.collected"],
      enabled: true,
      createdAt: expect.stringMatching(/Z$/),
      updatedAt: expect.stringMatching(/Z$/),
      secret: expect.stringMatching(SECRET_PATTERN),
    });
    expect(Buffer.from((body.secret as string).slice(6), "base64")).toHaveLength(32);
  });

  it("stores the secret encrypted: the column never contains it", async () => {
    const { body } = await create({ url: PUBLIC_URL });
    const rows = await database.kysely
      .selectFrom("WebhookSecret")
      .selectAll()
      .where("endpointId", "=", body.id)
      .execute();
    expect(rows).toHaveLength(1);
    const secret = body.secret as string;
    expect(rows[0]!.ciphertext).not.toContain(secret);
    expect(rows[0]!.ciphertext).not.toContain(secret.slice(6));
    expect(rows[0]!.ciphertext).toMatch(/^v1\./);
    expect(rows[0]!.expiresAt).toBeNull();
    expect(decryptSecret(rows[0]!.ciphertext)).toBe(secret);
  });

  it("subscribes to every event type when eventTypes is omitted or empty, and drops duplicates", async () => {
    expect((await create({ url: PUBLIC_URL })).body.eventTypes).toEqual([]);
    expect((await create({ url: PUBLIC_URL, eventTypes: [] })).body.eventTypes).toEqual([]);
    const deduplicated = await create({
      url: PUBLIC_URL,
      eventTypes: ["movement.aborted", "movement.aborted"],
    });
    expect(deduplicated.body.eventTypes).toEqual(["movement.aborted"]);
  });

  it("stores the URL as parsed (default port dropped, dot segments resolved)", async () => {
    expect((await create({ url: "https://93.184.215.14:443/a/../Hook?x=1" })).body.url).toBe(
      "https://93.184.215.14/Hook?x=1",
    );
  });

  it("accepts http to loopback while private targets are allowed (the default in tests)", async () => {
    expect((await create({ url: "http://127.0.0.1:4000/hook" })).status).toBe(201);
  });

  it.each([
    [{}, "url"],
    [{ url: PUBLIC_URL, eventTypes: ["movement.created"] }, "eventTypes.0"],
    [{ url: PUBLIC_URL, eventTypes: "movement.collected" }, "eventTypes"],
    [{ url: PUBLIC_URL, description: "x".repeat(257) }, "description"],
    [{ url: PUBLIC_URL, secret: "whsec_mine" }, ""],
    [{ url: `https://93.184.215.14/${"a".repeat(2048)}` }, "url"],
  ])("refuses the body %j with 400 VALIDATION_ERROR", async (body, path) => {
    const { status, body: problem } = await create(body);
    expect(status).toBe(400);
    expect(problem.code).toBe("VALIDATION_ERROR");
    expect(problem.errors[0].path).toBe(path);
  });

  it.each([
    ["http://169.254.169.254/latest/meta-data/", /link-local/],
    ["https://10.0.0.1/hook", /private/],
    ["http://10.0.0.1/hook", /private/],
    ["https://[::ffff:127.0.0.1]/", /IPv4-mapped/],
    ["https://[fd00::1]/", /private/],
    ["https://user:secret@93.184.215.14/", /credentials/],
    ["ftp://93.184.215.14/", /https/],
  ])("refuses %s (SSRF guard)", async (url, reason) => {
    const { status, body } = await create({ url });
    expect(status).toBe(400);
    expect(body.code).toBe("VALIDATION_ERROR");
    expect(body.errors).toEqual([{ path: "url", message: expect.stringMatching(reason) }]);
  });

  it("refuses a key without the integration scope", async () => {
    expect((await create({ url: PUBLIC_URL }, tenant.operationsKey)).status).toBe(403);
  });
});

describe("GET /v1/webhooks/endpoints", () => {
  it("lists the profile's endpoints without secrets", async () => {
    const tenantC = await createTenant(database.prisma);
    const first = await create({ url: PUBLIC_URL, description: "one" }, tenantC.integrationKey);
    const second = await create(
      { url: "http://127.0.0.1:4000/", eventTypes: ["movement.cancelled"] },
      tenantC.integrationKey,
    );
    const response = await callRoute(listRoute, {
      path: "/v1/webhooks/endpoints",
      apiKey: tenantC.integrationKey,
    });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: Body[] };
    expect(data.map((endpoint) => endpoint.id)).toEqual([first.body.id, second.body.id]);
    const { secret: _secret, ...withoutSecret } = first.body;
    expect(data[0]).toEqual(withoutSecret);
    expect(JSON.stringify(data)).not.toContain("whsec_");
  });

  it("is empty for a profile with no endpoints", async () => {
    const fresh = await createTenant(database.prisma);
    const response = await callRoute(listRoute, {
      path: "/v1/webhooks/endpoints",
      apiKey: fresh.integrationKey,
    });
    expect(await response.json()).toEqual({ data: [] });
  });
});

describe("GET /v1/webhooks/endpoints/{id}", () => {
  it("returns the endpoint without its secret", async () => {
    const created = await createEndpoint({ description: "get me" });
    const { status, body } = await get(created.id);
    expect(status).toBe(200);
    const { secret: _secret, ...withoutSecret } = created;
    expect(body).toEqual(withoutSecret);
  });

  it("is 404 WEBHOOK_ENDPOINT_NOT_FOUND for an unknown or malformed id", async () => {
    for (const id of ["01JD0000000000000000000000", "not-an-id"]) {
      const { status, body } = await get(id);
      expect(status).toBe(404);
      expect(body.code).toBe("WEBHOOK_ENDPOINT_NOT_FOUND");
    }
  });
});

describe("PATCH /v1/webhooks/endpoints/{id}", () => {
  it("changes the url (checked again) and leaves the rest", async () => {
    const created = await createEndpoint({ description: "keep" });
    const changed = await patch(created.id, { url: "https://1.1.1.1/new" });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ url: "https://1.1.1.1/new", description: "keep", eventTypes: [] });
    const back = await patch(created.id, { url: PUBLIC_URL });
    expect(back.body.url).toBe(PUBLIC_URL);
    const refused = await patch(created.id, { url: "https://192.168.1.1/" });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ path: "url", message: expect.stringMatching(/private/) }]);
    expect((await get(created.id)).body.url).toBe(PUBLIC_URL);
  });

  it("sets, changes and removes the description", async () => {
    const created = await createEndpoint();
    expect(created.description).toBeUndefined();
    expect((await patch(created.id, { description: "DMS" })).body.description).toBe("DMS");
    expect((await patch(created.id, { description: "Other" })).body.description).toBe("Other");
    expect((await patch(created.id, {})).body.description).toBe("Other");
    const removed = await patch(created.id, { description: null });
    expect(removed.body).not.toHaveProperty("description");
  });

  it("narrows and widens eventTypes", async () => {
    const created = await createEndpoint();
    expect((await patch(created.id, { eventTypes: ["movement.delivered"] })).body.eventTypes).toEqual([
      "movement.delivered",
    ]);
    expect((await patch(created.id, { eventTypes: [] })).body.eventTypes).toEqual([]);
    const refused = await patch(created.id, { eventTypes: ["prep_job.stage_changed"] });
    expect(refused.status).toBe(400);
  });

  it("disables and re-enables; re-enabling clears the disabled state and the failure run", async () => {
    const created = await createEndpoint();
    const disabled = await patch(created.id, { enabled: false });
    expect(disabled.body).toMatchObject({
      enabled: false,
      disabledAt: expect.stringMatching(/Z$/),
      disabledReason: "Disabled through the API.",
    });
    // As the worker leaves an endpoint it disabled after sustained failure:
    await database.kysely
      .updateTable("WebhookEndpoint")
      .set({ failingSince: new Date(Date.now() - 86_400_000), disabledReason: "Every delivery failed" })
      .where("id", "=", created.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    expect((await patch(created.id, { enabled: false })).body.disabledReason).toBe("Every delivery failed");
    const enabled = await patch(created.id, { enabled: true });
    expect(enabled.status).toBe(200);
    expect(enabled.body.enabled).toBe(true);
    expect(enabled.body).not.toHaveProperty("disabledAt");
    expect(enabled.body).not.toHaveProperty("disabledReason");
    const row = await database.kysely
      .selectFrom("WebhookEndpoint")
      .selectAll()
      .where("id", "=", created.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ enabled: true, disabledAt: null, disabledReason: null, failingSince: null });
  });

  it("makes the waiting deliveries due at once when re-enabled", async () => {
    const created = await createEndpoint();
    await patch(created.id, { enabled: false });
    const event = await database.kysely
      .insertInto("Event")
      .values({
        id: newId(),
        organisationId: tenant.organisation.id,
        profileId: tenant.profile.id,
        type: "movement.collected",
        resourceType: "movement",
        resourceId: newId(),
        resourceVersion: 1,
        occurredAt: new Date(),
        payload: {},
        envelope: "{}",
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const later = new Date(Date.now() + 10 * 3_600_000);
    const delivery = await database.kysely
      .insertInto("WebhookDelivery")
      .values({
        id: newId(),
        organisationId: event.organisationId,
        endpointId: created.id,
        eventId: event.id,
        nextAttemptAt: later,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await patch(created.id, { enabled: true });
    const after = await database.kysely
      .selectFrom("WebhookDelivery")
      .selectAll()
      .where("id", "=", delivery.id)
      .executeTakeFirstOrThrow();
    expect(after.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(after.status).toBe("PENDING");
  });

  it("refuses unknown fields", async () => {
    const created = await createEndpoint();
    const { status, body } = await patch(created.id, { secret: "whsec_x" });
    expect(status).toBe(400);
    expect(body.code).toBe("VALIDATION_ERROR");
  });
});

describe("DELETE /v1/webhooks/endpoints/{id}", () => {
  it("removes the endpoint and its secrets: 204 without a body", async () => {
    const created = await createEndpoint();
    const response = await callRoute(deleteRoute, {
      method: "DELETE",
      path: `/v1/webhooks/endpoints/${created.id}`,
      apiKey: tenant.integrationKey,
      params: { id: created.id },
    });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");
    expect((await get(created.id)).status).toBe(404);
    expect(
      await countRows(database.kysely, "WebhookSecret", (query) =>
        query.where("endpointId", "=", created.id),
      ),
    ).toBe(0);
  });
});

describe("POST /v1/webhooks/endpoints/{id}/rotate-secret", () => {
  async function rotate(id: string, apiKey = tenant.integrationKey) {
    const response = await callRoute(rotateRoute, {
      method: "POST",
      path: `/v1/webhooks/endpoints/${id}/rotate-secret`,
      apiKey,
      params: { id },
    });
    return { status: response.status, body: (await response.json()) as Body };
  }

  it("returns a new secret; the old one keeps signing beside it for 24 hours", async () => {
    const created = await createEndpoint();
    const before = Date.now();
    const rotated = await rotate(created.id);
    expect(rotated.status).toBe(200);
    expect(rotated.body).toEqual({ secret: expect.stringMatching(SECRET_PATTERN) });
    expect(rotated.body.secret).not.toBe(created.secret);

    const now = new Date();
    expect(await activeSecrets(database.kysely, created.id, now)).toEqual([
      rotated.body.secret,
      created.secret,
    ]);
    const rows = await database.kysely
      .selectFrom("WebhookSecret")
      .selectAll()
      .where("endpointId", "=", created.id)
      .orderBy("createdAt")
      .execute();
    expect(rows).toHaveLength(2);
    const expiresAt = rows[0]!.expiresAt!.getTime();
    expect(expiresAt).toBeGreaterThanOrEqual(before + 24 * 3_600_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 24 * 3_600_000);
    expect(rows[1]!.expiresAt).toBeNull();

    // After the 24 hours only the new one signs.
    expect(await activeSecrets(database.kysely, created.id, new Date(expiresAt + 1))).toEqual([
      rotated.body.secret,
    ]);
  });

  it("does not extend a secret already expiring, and drops expired ones", async () => {
    const created = await createEndpoint();
    const second = await rotate(created.id);
    const third = await rotate(created.id);
    const secrets = await activeSecrets(database.kysely, created.id, new Date());
    expect(secrets).toEqual([third.body.secret, second.body.secret, created.secret]);
    const rows = await database.kysely
      .selectFrom("WebhookSecret")
      .selectAll()
      .where("endpointId", "=", created.id)
      .orderBy("createdAt")
      .execute();
    expect(rows[0]!.expiresAt!.getTime()).toBeLessThanOrEqual(rows[1]!.expiresAt!.getTime());
    await database.kysely
      .updateTable("WebhookSecret")
      .set({ expiresAt: new Date(0) })
      .where("id", "=", rows[0]!.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await rotate(created.id);
    expect(
      await countRows(database.kysely, "WebhookSecret", (query) =>
        query.where("endpointId", "=", created.id),
      ),
    ).toBe(3);
  });
});

describe("tenancy", () => {
  it("answers 404 for another profile's endpoint on every id route, and changes nothing", async () => {
    const mine = await createEndpoint({ description: "mine" });
    const apiKey = other.integrationKey;
    const id = mine.id as string;
    const params = { id };
    const path = `/v1/webhooks/endpoints/${id}`;
    const responses = [
      await callRoute(getRoute, { path, apiKey, params }),
      await callRoute(patchRoute, { method: "PATCH", path, apiKey, params, body: { description: "theirs" } }),
      await callRoute(patchRoute, {
        method: "PATCH",
        path,
        apiKey,
        params,
        body: { url: "https://10.0.0.1/" },
      }),
      await callRoute(deleteRoute, { method: "DELETE", path, apiKey, params }),
      await callRoute(rotateRoute, { method: "POST", path: `${path}/rotate-secret`, apiKey, params }),
      await callRoute(attemptsRoute, { path: `${path}/attempts`, apiKey, params }),
      await callRoute(replayRoute, {
        method: "POST",
        path: `${path}/replay`,
        apiKey,
        params,
        body: { since: "2020-01-01T00:00:00Z" },
      }),
    ];
    for (const response of responses) {
      expect(response.status).toBe(404);
      expect(((await response.json()) as Body).code).toBe("WEBHOOK_ENDPOINT_NOT_FOUND");
    }
    expect((await get(id)).body.description).toBe("mine");
    expect(
      await countRows(database.kysely, "WebhookSecret", (query) => query.where("endpointId", "=", id)),
    ).toBe(1);
  });

  it("lists none of another profile's endpoints", async () => {
    await createEndpoint();
    const response = await callRoute(listRoute, {
      path: "/v1/webhooks/endpoints",
      apiKey: other.integrationKey,
    });
    expect(await response.json()).toEqual({ data: [] });
  });
});
