// The route templates of the HTTP metrics, and the front door recording each answered request.
import http from "node:http";
import type { AddressInfo } from "node:net";
import client from "prom-client";
import { afterAll, describe, expect, it } from "vitest";
import { parseTrustedProxies } from "@/lib/request-context/trusted-proxies.mjs";
import { routeTemplateMatcher } from "@/lib/metrics/process-metrics.mjs";
import { frontDoor } from "@/server/front-door.mjs";

// A slice of a build's .next/routes-manifest.json.
const manifest = {
  staticRoutes: [
    { page: "/users", regex: "^/users(?:/)?$" },
    { page: "/v1/webhooks/endpoints", regex: "^/v1/webhooks/endpoints(?:/)?$" },
  ],
  dynamicRoutes: [
    { page: "/v1/webhooks/endpoints/[id]", regex: "^/v1/webhooks/endpoints/([^/]+?)(?:/)?$" },
    { page: "/v1/[...path]", regex: "^/v1/(.+?)(?:/)?$" },
  ],
};

describe("routeTemplateMatcher", () => {
  const routeOf = routeTemplateMatcher(manifest, new Set(["/favicon.ico"]));

  it("maps paths to their route templates, with a bounded set of values", () => {
    expect(routeOf("/users")).toBe("/users");
    expect(routeOf("/users/")).toBe("/users");
    expect(routeOf("/v1/webhooks/endpoints")).toBe("/v1/webhooks/endpoints");
    expect(routeOf("/v1/webhooks/endpoints/01JABCDEF")).toBe("/v1/webhooks/endpoints/[id]");
    expect(routeOf("/v1/nothing/here")).toBe("/v1/[...path]");
    expect(routeOf("/_next/static/chunks/a1b2.js")).toBe("/_next/static");
    expect(routeOf("/_next/image")).toBe("/_next");
    expect(routeOf("/favicon.ico")).toBe("/public");
    expect(routeOf("/wp-admin/setup.php")).toBe("unmatched");
    expect(routeOf("/%E0%A4%A")).toBe("unmatched");
  });

  it("calls everything unmatched without a manifest (the development server)", () => {
    expect(routeTemplateMatcher(undefined)("/users")).toBe("unmatched");
  });
});

describe("the front door's HTTP metrics", () => {
  const server = http.createServer(
    frontDoor(
      (request, response) => {
        response.statusCode = request.url?.startsWith("/v1/webhooks/endpoints/") ? 404 : 200;
        response.end("ok");
      },
      {
        production: true,
        trustedProxies: parseTrustedProxies(undefined),
        allowedMethods: async () => undefined,
        routeOf: routeTemplateMatcher(manifest),
      },
    ),
  );
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const count = async (labels: Record<string, string>) => {
    const metric = await client.register.getSingleMetric("vms_http_requests_total")?.get();
    const value = metric?.values.find((entry) =>
      Object.entries(labels).every(([key, wanted]) => String(entry.labels[key]) === wanted),
    );
    return value?.value ?? 0;
  };

  it("counts each answered request by route template, method and status, and times it", async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const endpoint = { route: "/v1/webhooks/endpoints/[id]", method: "GET", status: "404" };
    const before = await count(endpoint);
    await (await fetch(`${base}/v1/webhooks/endpoints/one`)).text();
    await (await fetch(`${base}/v1/webhooks/endpoints/two`)).text();
    await (await fetch(`${base}/v1/webhooks/endpoints`, { method: "POST" })).text();
    await expect.poll(() => count(endpoint)).toBe(before + 2);
    expect(await count({ route: "/v1/webhooks/endpoints", method: "POST", status: "200" })).toBeGreaterThan(
      0,
    );
    const histogram = await client.register.getSingleMetric("vms_http_request_duration_seconds")?.get();
    const observed = (histogram?.values as { metricName?: string; labels: object; value: number }[]).find(
      (entry) =>
        entry.metricName === "vms_http_request_duration_seconds_count" &&
        (entry.labels as Record<string, string>).route === "/v1/webhooks/endpoints/[id]",
    );
    expect(observed?.value).toBeGreaterThanOrEqual(2);
  });
});
