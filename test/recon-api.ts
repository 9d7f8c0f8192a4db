// Integration-test helpers for the work-item endpoints (issue 37): call each route (passed in by the
// test) as Next would, and read what the database holds about an item.
import type { Kdb } from "@/lib/db";
import { callRoute, passedRoute, type RouteHandler } from "@/test/call-route";
import type { Answer, Body } from "@/test/prep-job-api";

async function answer(response: Response): Promise<Answer> {
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as Body, response };
}

export type ReconRoutes = Partial<
  Record<"list" | "create" | "update" | "transition" | "getJob" | "move", RouteHandler>
>;

export function reconApi(routes: ReconRoutes) {
  const item = (prepJobId: string, itemId: string) => ({ id: prepJobId, itemId });
  return {
    list: async (apiKey: string, prepJobId: string) =>
      answer(
        await callRoute(passedRoute(routes, "list"), {
          path: `/v1/prep-jobs/${prepJobId}/work-items`,
          apiKey,
          params: { id: prepJobId },
        }),
      ),
    create: async (apiKey: string, prepJobId: string, body: unknown) =>
      answer(
        await callRoute(passedRoute(routes, "create"), {
          method: "POST",
          path: `/v1/prep-jobs/${prepJobId}/work-items`,
          apiKey,
          params: { id: prepJobId },
          body,
        }),
      ),
    update: async (apiKey: string, prepJobId: string, itemId: string, body: unknown) =>
      answer(
        await callRoute(passedRoute(routes, "update"), {
          method: "PATCH",
          path: `/v1/prep-jobs/${prepJobId}/work-items/${itemId}`,
          apiKey,
          params: item(prepJobId, itemId),
          body,
        }),
      ),
    transition: async (apiKey: string, prepJobId: string, itemId: string, body: unknown) =>
      answer(
        await callRoute(passedRoute(routes, "transition"), {
          method: "POST",
          path: `/v1/operations/prep-jobs/${prepJobId}/work-items/${itemId}/transition`,
          apiKey,
          params: item(prepJobId, itemId),
          body,
        }),
      ),
    getJob: async (apiKey: string, prepJobId: string) =>
      answer(
        await callRoute(passedRoute(routes, "getJob"), {
          path: `/v1/prep-jobs/${prepJobId}`,
          apiKey,
          params: { id: prepJobId },
        }),
      ),
    move: async (apiKey: string, prepJobId: string, body: unknown) =>
      answer(
        await callRoute(passedRoute(routes, "move"), {
          method: "POST",
          path: `/v1/operations/prep-jobs/${prepJobId}/move`,
          apiKey,
          params: { id: prepJobId },
          body,
        }),
      ),
  };
}

/** What the database holds about an item: its row, its lines and its history (oldest first). */
export async function workItemState(kdb: Kdb, itemId: string) {
  const [item, lines, history] = await Promise.all([
    kdb.selectFrom("ReconWorkItem").selectAll().where("id", "=", itemId).executeTakeFirstOrThrow(),
    kdb
      .selectFrom("ReconEstimateLine")
      .selectAll()
      .where("workItemId", "=", itemId)
      .orderBy("position")
      .execute(),
    kdb
      .selectFrom("ReconWorkItemStateChange")
      .selectAll()
      .where("workItemId", "=", itemId)
      .orderBy("at")
      .execute(),
  ]);
  return { item, lines, history };
}
