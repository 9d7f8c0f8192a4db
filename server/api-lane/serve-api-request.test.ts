// The lane on a real HTTP server, with route handlers that report what they were given.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { currentRequestHeader, insideRequest } from "@/lib/request-context/current-request";
import { routeTable, type RouteModule } from "./route-table";
import { serveApiRequest } from "./serve-api-request";

const echo: RouteModule = {
  async POST(request, { params }) {
    return Response.json({
      params: await params,
      url: request.url,
      body: await request.json(),
      requestId: currentRequestHeader("x-request-id"),
      inside: insideRequest(),
    });
  },
  async GET() {
    const headers = new Headers({ "content-type": "text/plain" });
    headers.append("set-cookie", "a=1");
    headers.append("set-cookie", "b=2");
    const chunks = ["one,", "two,", "three"];
    const body = new ReadableStream({
      pull(controller) {
        const chunk = chunks.shift();
        if (chunk === undefined) controller.close();
        else controller.enqueue(new TextEncoder().encode(chunk));
      },
    });
    return new Response(body, { status: 202, headers });
  },
};
const broken: RouteModule = {
  GET() {
    throw new Error("outside withApi");
  },
};

let server: http.Server;
let base: string;

beforeAll(async () => {
  const match = routeTable([
    { path: "/v1/echo/[id]", module: echo },
    { path: "/v1/broken", module: broken },
  ]);
  server = http.createServer((request, response) => {
    const route = match((request.url ?? "/").split("?", 1)[0] ?? "/");
    if (route) return void serveApiRequest(request, response, route);
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

describe("serveApiRequest", () => {
  it("gives the handler the request, its params and its body, inside the request's context", async () => {
    const response = await fetch(`${base}/v1/echo/A1?x=1`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-request-id": "req-1" },
      body: JSON.stringify({ hello: "world" }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-length")).not.toBeNull();
    expect(await response.json()).toEqual({
      params: { id: "A1" },
      url: `${base}/v1/echo/A1?x=1`,
      body: { hello: "world" },
      requestId: "req-1",
      inside: true,
    });
  });

  it("writes a streamed body chunk by chunk, with every Set-Cookie", async () => {
    const response = await fetch(`${base}/v1/echo/A1`);
    expect(response.status).toBe(202);
    expect(response.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
    expect(await response.text()).toBe("one,two,three");
  });

  it("answers HEAD by GET without the body, and OPTIONS with Allow", async () => {
    const head = await fetch(`${base}/v1/echo/A1`, { method: "HEAD" });
    expect(head.status).toBe(202);
    expect(await head.text()).toBe("");
    const options = await fetch(`${base}/v1/echo/A1`, { method: "OPTIONS" });
    expect(options.status).toBe(204);
    expect(options.headers.get("allow")).toBe("GET, HEAD, OPTIONS, POST");
  });

  it("answers a method the route lacks with a 405 problem and Allow", async () => {
    const response = await fetch(`${base}/v1/echo/A1`, { method: "DELETE" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD, OPTIONS, POST");
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(await response.json()).toMatchObject({
      code: "METHOD_NOT_ALLOWED",
      message: "DELETE is not allowed on /v1/echo/A1.",
    });
  });

  it("answers a handler that throws with a 500 problem", async () => {
    const response = await fetch(`${base}/v1/broken`);
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ code: "INTERNAL_SERVER_ERROR" });
  });
});
