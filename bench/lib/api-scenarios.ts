// The product's API scenarios that the API benchmarks load (bench/api-throughput.ts,
// bench/tracing-overhead.ts): the framework's floor, creates, reads, updates and lists, on two of the
// demo organisation's own sites and 50 fresh requests.
import type { LoadOptions } from "@/bench/lib/load";
import { env } from "@/lib/env";

export const CREATE = "POST /v1/movement-requests/create-in-planning-pool";
export const GET_ONE = "GET /v1/movement-requests/{id}";
/** The framework's own floor: a handler that touches nothing (no database, no key, no body). */
export const FLOOR = "floor: GET /api/health";
/** Requests that GET and PATCH rotate over, so that PATCHes do not all queue on one row's lock. */
const REQUEST_POOL_SIZE = 50;
/** The seed's demo key of organisation A (README). */
export const API_KEY = env().DEMO_API_KEY_A;
export const JSON_HEADERS = { "x-service-api-key": API_KEY, "content-type": "application/json" };

export type Scenario = { name: string; load: Omit<LoadOptions, "durationSeconds"> };

/** The five product endpoints, on two of the demo organisation's own sites and 50 fresh requests. */
export async function productScenarios(baseUrl: string): Promise<Scenario[]> {
  const sites = await api<{ data: Array<{ id: string; countryCode: string; isPrepSite: boolean }> }>(
    baseUrl,
    "GET",
    "/v1/infrastructure/sites",
  );
  const [origin, destination] = sites.data.filter((site) => site.countryCode === "GB" && !site.isPrepSite);
  if (!origin || !destination) throw new Error("The demo data has no two GB sites that are not prep sites");
  const createBody = JSON.stringify(createRequestBody(origin.id, destination.id));
  const requestIds = await createRequests(baseUrl, createBody);
  let idempotencyKeys = 0;
  return [
    floorScenario(`${baseUrl}/api/health`),
    createScenario(baseUrl, createBody),
    {
      // Integrators that retry safely send a fresh key with every create (the Stripe habit).
      name: `${CREATE} (Idempotency-Key)`,
      load: {
        ...createScenario(baseUrl, createBody).load,
        setupRequest: (request) => {
          request.headers = {
            ...request.headers,
            "idempotency-key": `bench-${process.pid}-${++idempotencyKeys}`,
          };
          return request;
        },
      },
    },
    getScenario(baseUrl, requestIds),
    {
      name: "PATCH /v1/movement-requests/{id}",
      load: {
        url: baseUrl,
        method: "PATCH",
        headers: JSON_HEADERS,
        body: JSON.stringify({ notes: "Keys at reception" }),
        setupRequest: rotatePath(requestIds),
      },
    },
    {
      name: "GET /v1/infrastructure/sites",
      load: { url: `${baseUrl}/v1/infrastructure/sites`, headers: JSON_HEADERS },
    },
    {
      name: "GET /v1/movement-requests/events?limit=50",
      load: { url: `${baseUrl}/v1/movement-requests/events?limit=50`, headers: JSON_HEADERS },
    },
  ];
}

export function floorScenario(url: string): Scenario {
  return { name: FLOOR, load: { url } };
}

/** The requests that GET and PATCH rotate over. */
export async function createRequests(baseUrl: string, body: string): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < REQUEST_POOL_SIZE; index += 1) {
    const created = await api<{ id: string }>(
      baseUrl,
      "POST",
      "/v1/movement-requests/create-in-planning-pool",
      body,
    );
    ids.push(created.id);
  }
  return ids;
}

export function createScenario(baseUrl: string, body: string): Scenario {
  return {
    name: CREATE,
    load: {
      url: `${baseUrl}/v1/movement-requests/create-in-planning-pool`,
      method: "POST",
      headers: JSON_HEADERS,
      body,
    },
  };
}

export function getScenario(baseUrl: string, requestIds: string[]): Scenario {
  return {
    name: GET_ONE,
    load: { url: baseUrl, headers: JSON_HEADERS, setupRequest: rotatePath(requestIds) },
  };
}

function rotatePath(requestIds: string[]): LoadOptions["setupRequest"] {
  let next = 0;
  return (request) => {
    request.path = `/v1/movement-requests/${requestIds[next++ % requestIds.length]}`;
    return request;
  };
}

export function createRequestBody(originSiteId: string, destinationSiteId: string) {
  return {
    vehicle: { vin: "WF0XXXGCDX1234567", vrm: "AB12 CDE", make: "Ford", model: "Focus" },
    origin: { location: { type: "INTERNAL", siteId: originSiteId } },
    destination: {
      location: { type: "INTERNAL", siteId: destinationSiteId },
      deliveryByDate: "2026-12-01",
      deliveryByTime: "16:00",
    },
    businessArea: "Retail",
    transportMethod: "DRIVEN",
    requestedBy: "buyer@example.com",
  };
}

/** One call of the API with the demo key (or another), failing unless it answers 2xx. */
export async function api<T>(
  baseUrl: string,
  method: string,
  pathname: string,
  body?: string,
  apiKey: string = API_KEY,
): Promise<T> {
  const headers = { ...JSON_HEADERS, "x-service-api-key": apiKey };
  const response = await fetch(`${baseUrl}${pathname}`, { method, headers, body });
  if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}
