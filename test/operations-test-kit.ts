// Helpers of the operations API's integration tests: call an operation through its route, create
// requests through the real create routes, and snapshot everything an operation may change.
import { POST as accept } from "@/app/v1/operations/movement-requests/[requestId]/accept/route";
import { POST as aborted } from "@/app/v1/operations/movement-requests/[requestId]/aborted/route";
import { POST as assign } from "@/app/v1/operations/movement-requests/[requestId]/assign/route";
import { POST as collected } from "@/app/v1/operations/movement-requests/[requestId]/collected/route";
import { POST as delivered } from "@/app/v1/operations/movement-requests/[requestId]/delivered/route";
import { POST as positions } from "@/app/v1/operations/movement-requests/[requestId]/positions/route";
import { POST as price } from "@/app/v1/operations/movement-requests/[requestId]/price/route";
import { POST as createInPool } from "@/app/v1/movement-requests/create-in-planning-pool/route";
import { POST as createWith3pl } from "@/app/v1/movement-requests/create-with-3pl/route";
import { apiKeyDisplayPrefix } from "@/lib/auth/api-key-secret";
import type { Db } from "@/lib/db";
import { callRoute } from "@/test/call-route";
import { poolRequestBody, type MovementWorld } from "@/test/movement-world";

export type Body = Record<string, unknown> & { [key: string]: any }; // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies are inspected loosely

export const OPERATIONS = { assign, accept, collected, delivered, aborted, price, positions } as const;
export type Operation = keyof typeof OPERATIONS;

/** POST /v1/operations/movement-requests/{id}/{operation}; no body at all when `body` is undefined. */
export async function operate(
  world: MovementWorld,
  operation: Operation,
  requestId: string,
  body?: unknown,
  apiKey: string = world.operationsKey,
) {
  const response = await callRoute(OPERATIONS[operation], {
    method: "POST",
    path: `/v1/operations/movement-requests/${requestId}/${operation}`,
    apiKey,
    body,
    params: { requestId },
  });
  return { status: response.status, body: (await response.json()) as Body, response };
}

/** Like operate, and fails the test unless the answer is 200. */
export async function operateOk(
  world: MovementWorld,
  operation: Operation,
  requestId: string,
  body?: unknown,
) {
  const result = await operate(world, operation, requestId, body);
  if (result.status !== 200) {
    throw new Error(`${operation} gave ${result.status}: ${JSON.stringify(result.body)}`);
  }
  return result.body;
}

export async function createPoolRequest(world: MovementWorld, overrides: Record<string, unknown> = {}) {
  const response = await callRoute(createInPool, {
    method: "POST",
    path: "/v1/movement-requests/create-in-planning-pool",
    apiKey: world.integrationKey,
    body: poolRequestBody(world, overrides),
  });
  if (response.status !== 201) throw new Error(`create gave ${response.status}: ${await response.text()}`);
  return (await response.json()) as Body;
}

export async function create3plRequest(
  world: MovementWorld,
  providerId: string = world.providers.fullService.id,
  overrides: Record<string, unknown> = {},
) {
  const response = await callRoute(createWith3pl, {
    method: "POST",
    path: "/v1/movement-requests/create-with-3pl",
    apiKey: world.integrationKey,
    body: { ...poolRequestBody(world, overrides), thirdPartyLogisticsProviderId: providerId },
  });
  if (response.status !== 201) throw new Error(`create gave ${response.status}: ${await response.text()}`);
  return (await response.json()) as Body;
}

/** The audit actor of the world's operations key. */
export function operationsActor(world: MovementWorld): string {
  return `api-key:${apiKeyDisplayPrefix(world.operationsKey)}`;
}

export async function legsOf(db: Db, requestId: string) {
  return db.movement.findMany({ where: { movementRequestId: requestId }, orderBy: { legNumber: "asc" } });
}

export async function auditTrailOf(db: Db, requestId: string) {
  return db.movementRequestStatusChange.findMany({
    where: { movementRequestId: requestId },
    orderBy: [{ occurredAt: "asc" }, { id: "asc" }],
  });
}

/** The published webhook events of a request's legs, oldest first, with their envelopes parsed. */
export async function publishedEventsOf(db: Db, requestId: string, type?: string) {
  const legs = await legsOf(db, requestId);
  const events = await db.event.findMany({
    where: {
      resourceType: "movement",
      resourceId: { in: legs.map((leg) => leg.id) },
      envelope: { not: null },
      ...(type ? { type } : {}),
    },
    orderBy: { sequence: "asc" },
  });
  return events.map((event) => ({ ...event, parsed: JSON.parse(event.envelope ?? "null") as Body }));
}

/** Everything an operation may change: compare before and after a refused one. */
export async function snapshotOf(db: Db, requestId: string) {
  const legs = await legsOf(db, requestId);
  const [request, auditEntries, events, prepJobs] = await Promise.all([
    db.movementRequest.findUniqueOrThrow({ where: { id: requestId } }),
    db.movementRequestStatusChange.count({ where: { movementRequestId: requestId } }),
    db.event.count({ where: { resourceId: { in: [requestId, ...legs.map((leg) => leg.id)] } } }),
    db.prepJob.findMany({ where: { movementRequests: { some: { id: requestId } } } }),
  ]);
  return { request, legs, auditEntries, events, prepJobs };
}
