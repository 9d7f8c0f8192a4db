// Helpers of the operations API's integration tests: call an operation through its route, create
// requests through the real create routes (both passed in by the test), and snapshot everything an
// operation may change.
import { apiKeyDisplayPrefix } from "@/lib/auth/api-key-secret";
import type { Kdb } from "@/lib/db";
import { callRoute, passedRoute, type RouteHandler } from "@/test/call-route";
import { poolRequestBody, type MovementWorld } from "@/test/movement-world";

export type Body = Record<string, unknown> & { [key: string]: any }; // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies are inspected loosely

export const OPERATIONS = [
  "assign",
  "accept",
  "collected",
  "delivered",
  "aborted",
  "price",
  "positions",
] as const;
export type Operation = (typeof OPERATIONS)[number];

/** The routes a test exercises: POST of each operation it calls, and of the creates it uses. */
export type OperationsRoutes = Partial<Record<Operation | "createInPool" | "createWith3pl", RouteHandler>>;

export function operationsApi(routes: OperationsRoutes) {
  /** POST /v1/operations/movement-requests/{id}/{operation}; no body at all when `body` is undefined. */
  async function operate(
    world: MovementWorld,
    operation: Operation,
    requestId: string,
    body?: unknown,
    apiKey: string = world.operationsKey,
  ) {
    const response = await callRoute(passedRoute(routes, operation), {
      method: "POST",
      path: `/v1/operations/movement-requests/${requestId}/${operation}`,
      apiKey,
      body,
      params: { requestId },
    });
    return { status: response.status, body: (await response.json()) as Body, response };
  }

  /** Like operate, and fails the test unless the answer is 200. */
  async function operateOk(world: MovementWorld, operation: Operation, requestId: string, body?: unknown) {
    const result = await operate(world, operation, requestId, body);
    if (result.status !== 200) {
      throw new Error(`${operation} gave ${result.status}: ${JSON.stringify(result.body)}`);
    }
    return result.body;
  }

  async function createPoolRequest(world: MovementWorld, overrides: Record<string, unknown> = {}) {
    const response = await callRoute(passedRoute(routes, "createInPool"), {
      method: "POST",
      path: "/v1/movement-requests/create-in-planning-pool",
      apiKey: world.integrationKey,
      body: poolRequestBody(world, overrides),
    });
    if (response.status !== 201) throw new Error(`create gave ${response.status}: ${await response.text()}`);
    return (await response.json()) as Body;
  }

  async function create3plRequest(
    world: MovementWorld,
    providerId: string = world.providers.fullService.id,
    overrides: Record<string, unknown> = {},
  ) {
    const response = await callRoute(passedRoute(routes, "createWith3pl"), {
      method: "POST",
      path: "/v1/movement-requests/create-with-3pl",
      apiKey: world.integrationKey,
      body: { ...poolRequestBody(world, overrides), thirdPartyLogisticsProviderId: providerId },
    });
    if (response.status !== 201) throw new Error(`create gave ${response.status}: ${await response.text()}`);
    return (await response.json()) as Body;
  }

  return { operate, operateOk, createPoolRequest, create3plRequest };
}

/** The audit actor of the world's operations key. */
export function operationsActor(world: MovementWorld): string {
  return `api-key:${apiKeyDisplayPrefix(world.operationsKey)}`;
}

export async function legsOf(kdb: Kdb, requestId: string) {
  return kdb
    .selectFrom("Movement")
    .selectAll()
    .where("movementRequestId", "=", requestId)
    .orderBy("legNumber")
    .execute();
}

export async function auditTrailOf(kdb: Kdb, requestId: string) {
  return kdb
    .selectFrom("MovementRequestStatusChange")
    .selectAll()
    .where("movementRequestId", "=", requestId)
    .orderBy("occurredAt")
    .orderBy("id")
    .execute();
}

/** The published webhook events of a request's legs, oldest first, with their envelopes parsed. */
export async function publishedEventsOf(kdb: Kdb, requestId: string, type?: string) {
  const legs = await legsOf(kdb, requestId);
  if (legs.length === 0) return [];
  const events = await kdb
    .selectFrom("Event")
    .selectAll()
    .where("resourceType", "=", "movement")
    .where(
      "resourceId",
      "in",
      legs.map((leg) => leg.id),
    )
    .where("envelope", "is not", null)
    .$if(type !== undefined, (query) => query.where("type", "=", type ?? ""))
    .orderBy("sequence")
    .execute();
  return events.map((event) => ({ ...event, parsed: JSON.parse(event.envelope ?? "null") as Body }));
}

/** Everything an operation may change: compare before and after a refused one. */
export async function snapshotOf(kdb: Kdb, requestId: string) {
  const legs = await legsOf(kdb, requestId);
  const count = (rows: { count: string | number | bigint } | undefined) => Number(rows?.count ?? 0);
  const [request, auditEntries, events, prepJobs] = await Promise.all([
    kdb.selectFrom("MovementRequest").selectAll().where("id", "=", requestId).executeTakeFirstOrThrow(),
    kdb
      .selectFrom("MovementRequestStatusChange")
      .select((eb) => eb.fn.countAll().as("count"))
      .where("movementRequestId", "=", requestId)
      .executeTakeFirst()
      .then(count),
    kdb
      .selectFrom("Event")
      .select((eb) => eb.fn.countAll().as("count"))
      .where("resourceId", "in", [requestId, ...legs.map((leg) => leg.id)])
      .executeTakeFirst()
      .then(count),
    kdb
      .selectFrom("PrepJob")
      .selectAll()
      .where("id", "in", (eb) =>
        eb
          .selectFrom("MovementRequest")
          .select("prepJobId")
          .where("id", "=", requestId)
          .$narrowType<{ prepJobId: string }>(),
      )
      .execute(),
  ]);
  return { request, legs, auditEntries, events, prepJobs };
}
