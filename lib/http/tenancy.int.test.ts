/// <reference types="vite/client" />
// Tenancy, for every /v1 endpoint found on disk: organisation A, with a key of every scope, asking for
// organisation B's resources gets 404 (or lists without them), and B's resources stay as they were.
import { beforeAll, describe, expect, it } from "vitest";
import { kysely } from "@/lib/db";
import { createApiKey } from "@/prisma/factories/api-key";
import { createDriver } from "@/prisma/factories/driver";
import { createMovementRequest } from "@/prisma/factories/movement-request";
import { createPrepJob } from "@/prisma/factories/prep-job";
import { createReconWorkItem } from "@/prisma/factories/recon-work-item";
import { createMovementWorld, type MovementWorld } from "@/test/movement-world";
import { setupTestDatabase } from "@/test/test-database";
import { seedWebhookEvent } from "@/test/webhook-rows";
import { loadV1Routes, pathOf, type HttpMethod, type V1Route } from "@/test/v1-routes";

const database = setupTestDatabase();
let a: MovementWorld & { key: string; driverId: string };
let b: {
  world: MovementWorld;
  requestId: string;
  prepJobId: string;
  workItemId: string;
  endpointId: string;
  vin: string;
  eventId: string;
  planId: string;
};
let routes: V1Route[];

beforeAll(async () => {
  const worldA = await createMovementWorld(database.prisma);
  const key = (
    await createApiKey(database.prisma, {
      profileId: worldA.profile.id,
      scopes: ["integration", "operations", "recon_approval"],
    })
  ).key;
  const driver = await createDriver(database.prisma, { organisationId: worldA.organisation.id });
  a = { ...worldA, key, driverId: driver.id };

  const world = await createMovementWorld(database.prisma);
  const request = await createMovementRequest(database.prisma, {
    organisationId: world.organisation.id,
    profileId: world.profile.id,
    originSiteId: world.sites.manchester.id,
    destinationSiteId: world.sites.leeds.id,
  });
  const vin = "WF0XXXGCDXB000001";
  const prepJob = await createPrepJob(database.prisma, {
    organisationId: world.organisation.id,
    profileId: world.profile.id,
    vin,
    vrm: "BB12 BBB",
    prepSiteId: world.sites.prepCentre.id,
    stage: "ARRIVED",
  });
  const workItem = await createReconWorkItem(database.prisma, {
    organisationId: world.organisation.id,
    prepJobId: prepJob.id,
    state: "AWAITING_APPROVAL",
  });
  const endpoint = await kysely()
    .insertInto("WebhookEndpoint")
    .values({
      id: `ep-${world.profile.id}`,
      organisationId: world.organisation.id,
      profileId: world.profile.id,
      url: "https://example.com/b",
      eventTypes: [],
      updatedAt: new Date(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const event = await seedWebhookEvent(database.kysely, world, {
    type: "movement.collected",
    occurredAt: new Date(),
  });
  const plan = await kysely()
    .insertInto("PoolPlan")
    .values({
      id: `plan-${world.profile.id}`,
      organisationId: world.organisation.id,
      profileId: world.profile.id,
      fromDate: new Date(),
      toDate: new Date(Date.now() + 86_400_000),
      body: JSON.stringify({ drivers: [], thirdParty: [], unplanned: [], totals: {} }),
      requestVersions: JSON.stringify({ [request.id]: request.version }),
      createdBy: "test",
      updatedAt: new Date(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  b = {
    world,
    requestId: request.id,
    prepJobId: prepJob.id,
    workItemId: workItem.id,
    endpointId: endpoint.id,
    vin,
    eventId: event.id,
    planId: plan.id,
  };
  routes = await loadV1Routes(import.meta.glob("/app/v1/**/route.ts"));
});

/** What A sends to each endpoint: a body that passes validation, so that the lookup is what answers. */
type Case = { query?: Record<string, string>; body?: unknown } | "list" | "names nothing of B";

function requestFor(route: V1Route, method: HttpMethod): Case {
  const key = `${method} ${route.template}`;
  const bSite = (siteId: string) => ({ type: "INTERNAL", siteId });
  const create = {
    vehicle: { vin: "WF0XXXGCDXA000001" },
    origin: { location: bSite(b.world.sites.manchester.id) },
    destination: { location: bSite(b.world.sites.leeds.id), deliveryByDate: "2027-01-01" },
    businessArea: "Retail",
    transportMethod: "DRIVEN",
  };
  const table: Record<string, Case> = {
    "GET /v1/openapi.json": "names nothing of B",
    "POST /v1/webhooks/endpoints": "names nothing of B",
    "POST /v1/movement-requests/create-in-planning-pool": { body: create },
    "POST /v1/movement-requests/create-with-3pl": {
      body: { ...create, thirdPartyLogisticsProviderId: a.providers.fullService.id },
    },
    "POST /v1/prep-jobs/inbound-pending": {
      body: {
        vin: "WF0XXXGCDXA000002",
        businessArea: "Retail",
        collectionLocation: bSite(b.world.sites.leeds.id),
      },
    },
    "GET /v1/infrastructure/sites": "list",
    "GET /v1/infrastructure/providers/third-party": "list",
    "GET /v1/operations/drivers": "list",
    "GET /v1/prep-jobs": "list",
    "GET /v1/webhooks/endpoints": "list",
    "GET /v1/movement-requests/events": "list",
    "GET /v1/movement-requests/[requestId]": {},
    "PATCH /v1/movement-requests/[requestId]": { body: { notes: "from A" } },
    "POST /v1/movement-requests/[requestId]/cancel": {},
    "POST /v1/operations/movement-requests/[requestId]/assign": { body: { driverId: a.driverId } },
    "POST /v1/operations/movement-requests/[requestId]/accept": {},
    "POST /v1/operations/movement-requests/[requestId]/collected": {},
    "POST /v1/operations/movement-requests/[requestId]/delivered": {},
    "POST /v1/operations/movement-requests/[requestId]/aborted": { body: { reason: "Other" } },
    "POST /v1/operations/movement-requests/[requestId]/price": {
      body: { cost: { centAmount: 100, currencyCode: "GBP" } },
    },
    "GET /v1/operations/movement-requests/[requestId]/proofs": {},
    "POST /v1/operations/planning-pool/plans": {
      body: { from: "2027-01-01", to: "2027-01-02", requestIds: [b.requestId] },
    },
    "POST /v1/operations/planning-pool/plans/[id]/accept": {},
    "POST /v1/operations/movement-requests/[requestId]/positions": {
      body: { positions: [{ latitude: 53.5, longitude: -2.2, recordedAt: new Date().toISOString() }] },
    },
    "GET /v1/prep-jobs/[id]": {},
    "PATCH /v1/prep-jobs/appraised": { query: { vin: b.vin } },
    "PATCH /v1/prep-jobs/pending-movement-request": { query: { vrm: "BB12 BBB" } },
    "POST /v1/operations/prep-jobs/[id]/assign-site": { body: { prepSiteId: a.sites.prepCentre.id } },
    "POST /v1/operations/prep-jobs/[id]/move": { body: { stage: "APPRAISED" } },
    "GET /v1/prep-jobs/[id]/work-items": {},
    "POST /v1/prep-jobs/[id]/work-items": {
      body: {
        category: "BODY",
        description: "from A",
        estimate: [{ kind: "PARTS", description: "x", amountCents: 1 }],
      },
    },
    "PATCH /v1/prep-jobs/[id]/work-items/[itemId]": { body: { description: "from A" } },
    "POST /v1/operations/prep-jobs/[id]/work-items/[itemId]/transition": { body: { to: "APPROVED" } },
    "GET /v1/webhooks/endpoints/[id]": {},
    "PATCH /v1/webhooks/endpoints/[id]": { body: { description: "from A" } },
    "DELETE /v1/webhooks/endpoints/[id]": {},
    "POST /v1/webhooks/endpoints/[id]/rotate-secret": {},
    "GET /v1/webhooks/endpoints/[id]/attempts": {},
    "POST /v1/webhooks/endpoints/[id]/replay": { body: { since: "2020-01-01T00:00:00Z" } },
  };
  const entry = table[key];
  if (entry === undefined) throw new Error(`No tenancy case for ${key}: add one`);
  return entry;
}

function resourceOf(route: V1Route, param: string): string {
  if (param === "itemId") return b.workItemId;
  if (route.template.includes("[requestId]")) return b.requestId;
  if (route.template.includes("webhooks/endpoints/[id]")) return b.endpointId;
  if (route.template.includes("planning-pool/plans/[id]")) return b.planId;
  return b.prepJobId;
}

async function call(
  route: V1Route,
  method: HttpMethod,
  spec: { query?: Record<string, string>; body?: unknown },
) {
  const params = Object.fromEntries(route.params.map((name) => [name, resourceOf(route, name)]));
  const url = new URL(pathOf(route, params), "http://localhost");
  for (const [name, value] of Object.entries(spec.query ?? {})) url.searchParams.set(name, value);
  const headers = new Headers({ "x-service-api-key": a.key });
  if (spec.body !== undefined) headers.set("content-type", "application/json");
  const request = new Request(url, {
    method,
    headers,
    body: spec.body === undefined ? undefined : JSON.stringify(spec.body),
  });
  return route.handlers[method]!(request, { params: Promise.resolve(params) });
}

describe("organisation A against organisation B's resources", () => {
  it("gets 404 from every endpoint that names one, and lists without them", async () => {
    let checked = 0;
    const bIds = [
      b.requestId,
      b.prepJobId,
      b.endpointId,
      b.eventId,
      ...Object.values(b.world.sites).map((site) => site.id),
    ];
    for (const route of routes) {
      for (const method of Object.keys(route.handlers) as HttpMethod[]) {
        const spec = requestFor(route, method);
        const where = `${method} ${route.template}`;
        if (spec === "names nothing of B") continue;
        if (spec === "list") {
          const response = await call(route, method, {});
          expect(response.status, where).toBe(200);
          const text = await response.text();
          for (const id of bIds) expect(text, where).not.toContain(id);
        } else {
          const response = await call(route, method, spec);
          expect(response.status, where).toBe(404);
        }
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it("left B's resources as they were", async () => {
    const request = await kysely()
      .selectFrom("MovementRequest")
      .select(["status", "notes", "version"])
      .where("id", "=", b.requestId)
      .executeTakeFirstOrThrow();
    expect(request).toMatchObject({ status: "CREATED", notes: null, version: 1 });
    const job = await kysely()
      .selectFrom("PrepJob")
      .select(["stage", "version"])
      .where("id", "=", b.prepJobId)
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ stage: "ARRIVED", version: 1 });
    const workItem = await kysely()
      .selectFrom("ReconWorkItem")
      .select(["state", "description", "version"])
      .where("id", "=", b.workItemId)
      .executeTakeFirstOrThrow();
    expect(workItem).toMatchObject({
      state: "AWAITING_APPROVAL",
      description: "Replace front brake pads",
      version: 1,
    });
    const endpoint = await kysely()
      .selectFrom("WebhookEndpoint")
      .select("description")
      .where("id", "=", b.endpointId)
      .executeTakeFirstOrThrow();
    expect(endpoint.description).toBeNull();
    const plan = await kysely()
      .selectFrom("PoolPlan")
      .select(["status", "acceptedRequestIds"])
      .where("id", "=", b.planId)
      .executeTakeFirstOrThrow();
    expect(plan).toEqual({ status: "PROPOSED", acceptedRequestIds: [] });
  });
});
