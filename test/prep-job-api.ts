// Integration-test helpers for the prep-job endpoints: call each route (passed in by the test) as Next
// would, and read what
// the database holds about a job (its row, events and movement requests).
import type { Kdb } from "@/lib/db";
import { callRoute, passedRoute, type RouteHandler } from "@/test/call-route";
import { dateOnlyFromToday } from "@/prisma/factories";

export type Body = Record<string, unknown> & { [key: string]: any }; // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies are inspected loosely
export type Answer = { status: number; body: Body; response: Response };

async function answer(response: Response): Promise<Answer> {
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as Body, response };
}

/** "?vin=…&vrm=…" from the given parameters (undefined ones left out). */
export function queryOf(params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) search.set(name, value);
  const text = search.toString();
  return text ? `?${text}` : "";
}

/** The routes a test exercises, by the name of the call that uses them. */
export type PrepJobRoutes = Partial<
  Record<
    | "appraised"
    | "pendingMovementRequest"
    | "inboundPending"
    | "list"
    | "get"
    | "assignSite"
    | "move"
    | "createInPool"
    | "cancel",
    RouteHandler
  >
>;

export function prepJobRoutesApi(routes: PrepJobRoutes) {
  const prepJobApi = {
    appraised: async (apiKey: string, params: Record<string, string | undefined>) =>
      answer(
        await callRoute(passedRoute(routes, "appraised"), {
          method: "PATCH",
          path: `/v1/prep-jobs/appraised${queryOf(params)}`,
          apiKey,
        }),
      ),
    pendingMovementRequest: async (apiKey: string, params: Record<string, string | undefined>) =>
      answer(
        await callRoute(passedRoute(routes, "pendingMovementRequest"), {
          method: "PATCH",
          path: `/v1/prep-jobs/pending-movement-request${queryOf(params)}`,
          apiKey,
        }),
      ),
    inboundPending: async (apiKey: string, body: unknown) =>
      answer(
        await callRoute(passedRoute(routes, "inboundPending"), {
          method: "POST",
          path: "/v1/prep-jobs/inbound-pending",
          apiKey,
          body,
        }),
      ),
    list: async (apiKey: string, params: Record<string, string | undefined> = {}) =>
      answer(
        await callRoute(passedRoute(routes, "list"), { path: `/v1/prep-jobs${queryOf(params)}`, apiKey }),
      ),
    get: async (apiKey: string, id: string) =>
      answer(
        await callRoute(passedRoute(routes, "get"), { path: `/v1/prep-jobs/${id}`, apiKey, params: { id } }),
      ),
    assignSite: async (apiKey: string, id: string, body: unknown) =>
      answer(
        await callRoute(passedRoute(routes, "assignSite"), {
          method: "POST",
          path: `/v1/operations/prep-jobs/${id}/assign-site`,
          apiKey,
          params: { id },
          body,
        }),
      ),
    move: async (apiKey: string, id: string, body: unknown) =>
      answer(
        await callRoute(passedRoute(routes, "move"), {
          method: "POST",
          path: `/v1/operations/prep-jobs/${id}/move`,
          apiKey,
          params: { id },
          body,
        }),
      ),
  };

  const movementRequestApi = {
    createInPool: async (apiKey: string, body: unknown) =>
      answer(
        await callRoute(passedRoute(routes, "createInPool"), {
          method: "POST",
          path: "/v1/movement-requests/create-in-planning-pool",
          apiKey,
          body,
        }),
      ),
    cancel: async (apiKey: string, requestId: string) =>
      answer(
        await callRoute(passedRoute(routes, "cancel"), {
          method: "POST",
          path: `/v1/movement-requests/${requestId}/cancel`,
          apiKey,
          params: { requestId },
        }),
      ),
  };

  return { prepJobApi, movementRequestApi };
}

/** A create-in-planning-pool body for one vehicle between two sites. */
export function movementBody(
  vehicle: { vin?: string; vrm?: string },
  originSiteId: string,
  destinationSiteId: string,
) {
  return {
    vehicle,
    origin: { location: { type: "INTERNAL", siteId: originSiteId } },
    destination: {
      location: { type: "INTERNAL", siteId: destinationSiteId },
      deliveryByDate: dateOnlyFromToday(30),
    },
    businessArea: "Retail",
    transportMethod: "DRIVEN",
  };
}

/** What the database holds about a job: its row, its events (oldest first) and its movement requests. */
export async function prepJobState(kdb: Kdb, id: string) {
  const [job, events, movementRequests] = await Promise.all([
    kdb.selectFrom("PrepJob").selectAll().where("id", "=", id).executeTakeFirstOrThrow(),
    kdb
      .selectFrom("Event")
      .selectAll()
      .where("resourceType", "=", "prep_job")
      .where("resourceId", "=", id)
      .orderBy("sequence")
      .execute(),
    kdb.selectFrom("MovementRequest").selectAll().where("prepJobId", "=", id).orderBy("createdAt").execute(),
  ]);
  return { job, events, movementRequests };
}
