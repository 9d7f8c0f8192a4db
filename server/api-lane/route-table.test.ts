// The lane's matching against Next's order (static, then dynamic, then catch-all) and what it leaves to Next.
import { describe, expect, it } from "vitest";
import { allowedMethods, routeTable, type RouteModule } from "./route-table";

const handler = async () => new Response(null);
const routeModule = (name: string, methods: RouteModule = { GET: handler }): RouteModule =>
  Object.assign(Object.create(null) as RouteModule, methods, { name });

const match = routeTable([
  { path: "/v1/[...path]", module: routeModule("catch-all") },
  { path: "/v1/prep-jobs/[id]", module: routeModule("prep-job") },
  { path: "/v1/prep-jobs/appraised", module: routeModule("appraised") },
  { path: "/v1/prep-jobs", module: routeModule("prep-jobs") },
  { path: "/v1/prep-jobs/[id]/work-items/[itemId]", module: routeModule("work-item") },
  { path: "/api/health", module: routeModule("health") },
]);
const nameOf = (pathname: string) => (match(pathname)?.module as { name?: string } | undefined)?.name;

describe("routeTable", () => {
  it("prefers a static segment to a dynamic one, and a dynamic one to a catch-all", () => {
    expect(nameOf("/v1/prep-jobs/appraised")).toBe("appraised");
    expect(nameOf("/v1/prep-jobs/01JB8Z5Q0000000000000000AB")).toBe("prep-job");
    expect(nameOf("/v1/prep-jobs")).toBe("prep-jobs");
    expect(nameOf("/v1/unknown/deeper")).toBe("catch-all");
    expect(nameOf("/api/health")).toBe("health");
  });

  it("gives the params as the segments are", () => {
    expect(match("/v1/prep-jobs/A1/work-items/B2")?.params).toEqual({ id: "A1", itemId: "B2" });
    expect(match("/v1/prep-jobs/A1/nothing-here")?.params).toEqual({
      path: ["prep-jobs", "A1", "nothing-here"],
    });
  });

  it("leaves to Next what it does not serve, and every path that is not plain", () => {
    for (const pathname of [
      "/",
      "/v1",
      "/board",
      "/api/metrics",
      "/api/health/",
      "/v1/prep-jobs/",
      "/v1//prep-jobs",
      "/v1/prep-jobs/../sites",
      "/v1/prep%2Djobs",
      "/v1/prep-jobs/appr%61ised",
    ]) {
      expect(match(pathname), pathname).toBeUndefined();
    }
  });

  it("refuses a route folder it would serve under the wrong path", () => {
    expect(() => routeTable([{ path: "/v1/(group)/sites", module: routeModule("group") }])).toThrow(
      /Unexpected segment/,
    );
    expect(() => routeTable([{ path: "/[id]", module: routeModule("root") }])).toThrow(/static segment/);
  });
});

describe("allowedMethods", () => {
  it("lists the route's methods, HEAD with GET, and OPTIONS, sorted as Next sends them", () => {
    expect(allowedMethods({ GET: handler, POST: handler })).toBe("GET, HEAD, OPTIONS, POST");
    expect(allowedMethods({ PATCH: handler, DELETE: handler })).toBe("DELETE, OPTIONS, PATCH");
  });
});
