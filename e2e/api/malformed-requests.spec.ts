// The requests that gave a 5xx when the service was attacked from outside (issue 13), one test each,
// and what answers them now: a 4xx problem for the API, a styled page otherwise, always with an
// X-Request-Id and the security headers (server/front-door.mjs). Redirects never go to a host taken
// from the request.
import { expect, test, type APIResponse } from "@playwright/test";
import { env } from "@/lib/env";
import { encodeEventsCursor } from "@/lib/events/events-cursor";
import { newId } from "@/lib/ids";
import { E2E_BASE_URL, E2E_PORT } from "../support/e2e-environment";
import { sendRaw, type RawResponse } from "../support/fuzz-requests";
import { callServerAction, serverActions } from "../support/server-actions";

const integration = { "X-Service-API-Key": env().DEMO_API_KEY_A };
/** Failed sign-ins from these tests count against an address of their own, not 127.0.0.1's. */
const CLIENT_IP = "198.51.100.88";

function expectFrontDoorHeaders(headers: Record<string, string>, what: string) {
  expect(headers["x-request-id"], what).toMatch(/^[0-9A-Z]{26}$/);
  expect(headers["x-content-type-options"], what).toBe("nosniff");
  expect(headers["x-frame-options"], what).toBe("DENY");
  expect(headers["referrer-policy"], what).toBe("strict-origin-when-cross-origin");
  expect(headers["strict-transport-security"], what).toContain("max-age=");
}

async function problemOf(response: APIResponse) {
  expect(response.headers()["content-type"]).toContain("application/problem+json");
  return (await response.json()) as { code: string; errors?: Array<{ path: string }> };
}

test("events with an invalid since beside a cursor: 400 VALIDATION_ERROR", async ({ request }) => {
  const cursor = encodeEventsCursor({ occurredAt: new Date(), id: newId(), since: null });
  for (const since of ["yesterday", "2026-11-21T09:30:00Z"]) {
    const response = await request.get("/v1/movement-requests/events", {
      headers: integration,
      params: { since, cursor },
    });
    expect(response.status(), since).toBe(400);
    const problem = await problemOf(response);
    expect(problem.code).toBe("VALIDATION_ERROR");
    expect(problem.errors?.map((error) => error.path)).toEqual(["since"]);
    expectFrontDoorHeaders(response.headers(), since);
  }
});

test("a path that is not valid percent-encoded UTF-8: 400, a problem for the API, a page otherwise", async () => {
  const paths = [
    "/track/%ff",
    "/v1/prep-jobs/%E0%A4%A",
    "/board/%ff",
    "/%",
    "/display/%00/board",
    "/v1/movement-requests/%C0%AF",
    "/api/health/%ED%A0%80",
    "/_next/static/%ff.js",
    "/favicon.ico%",
  ];
  for (const path of paths) {
    const response: RawResponse = await sendRaw(E2E_PORT, {
      method: "GET",
      target: Buffer.from(path),
      headers: [],
    });
    expect(response.status, path).toBe(400);
    expectFrontDoorHeaders(response.headers, path);
    const api = /^\/(v1|api)\//.test(path);
    expect(response.headers["content-type"], path).toContain(api ? "application/problem+json" : "text/html");
  }
  const page = await fetch(`${E2E_BASE_URL}/board/%ff`);
  const html = await page.text();
  expect(html).toContain("<h1>Bad request</h1>");
  expect(page.headers.get("content-security-policy")).toContain("default-src 'none'");
});

test("a server action with arguments nested 5,000 deep: 400", async ({ request }) => {
  const signIn = serverActions().get("signInWithCredentials")!;
  // Written out by hand: encoding 5,000 levels with encodeActionArguments would overflow this stack.
  const bodies = [
    `[${"[".repeat(5_000)}1${"]".repeat(5_000)}]`,
    `[{"email":${'{"a":'.repeat(5_000)}1${"}".repeat(5_000)},"password":"x"}]`,
  ];
  for (const body of bodies) {
    const response = await request.post(signIn.pagePath, {
      headers: {
        "next-action": signIn.id,
        accept: "text/x-component",
        "content-type": "text/plain;charset=UTF-8",
        origin: E2E_BASE_URL,
        "x-forwarded-for": CLIENT_IP,
      },
      data: body,
    });
    expect(response.status()).toBe(400);
    expect(await response.text()).toContain("nested more than 64 levels");
    expectFrontDoorHeaders(response.headers(), "nested");
  }
  // Ordinary arguments still reach the action (its answer: the credentials are wrong).
  const ordinary = await callServerAction(
    request,
    signIn,
    [{ email: "nobody@fuzz.test", password: "x".repeat(9) }],
    {
      origin: E2E_BASE_URL,
      headers: { "x-forwarded-for": CLIENT_IP },
    },
  );
  expect(ordinary.status()).toBe(200);
  expect(await ordinary.text()).toContain("incorrect");
});

test("arguments React's decoder cannot read, to every server action and as a form: 400", async ({
  request,
}) => {
  const multipart = (fields: Array<[string, string]>) =>
    Buffer.from(
      `${fields.map(([name, value]) => `--x\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join("")}--x--\r\n`,
    );
  const bodies: Array<[contentType: string, body: Buffer]> = [
    // No root field, then two fields referring to each other: 500s found by the fuzzer (seed 1203382459).
    ["multipart/form-data; boundary=x", multipart([["1", "[1]"]])],
    [
      "multipart/form-data; boundary=x",
      multipart([
        ["0", '["$1"]'],
        ["1", '["$0"]'],
      ]),
    ],
    // A stand-in for a value the client could not send, which the action would read and throw on.
    ["text/plain;charset=UTF-8", Buffer.from('[{"id":"$T"}]')],
  ];
  const actions = [...serverActions().values()];
  for (const action of actions) {
    for (const [contentType, body] of bodies) {
      const what = `${action.name} ${body.toString().slice(0, 60)}`;
      const response = await request.post(action.pagePath, {
        headers: {
          "next-action": action.id,
          accept: "text/x-component",
          "content-type": contentType,
          origin: E2E_BASE_URL,
          "x-forwarded-for": CLIENT_IP,
        },
        data: body,
      });
      expect(response.status(), what).toBe(400);
      expect(await response.text(), what).toContain("cannot be decoded");
      expectFrontDoorHeaders(response.headers(), what);
    }
  }
  // The same action named by a form that works without JavaScript, its bound arguments unreadable.
  const signIn = serverActions().get("signInWithCredentials")!;
  const form = await request.post(signIn.pagePath, {
    headers: {
      "content-type": "multipart/form-data; boundary=x",
      origin: E2E_BASE_URL,
      "x-forwarded-for": CLIENT_IP,
    },
    data: multipart([
      ["$ACTION_REF_1", ""],
      ["$ACTION_1:0", `{"id":"${signIn.id}","bound":"$@1"}`],
      ["$ACTION_1:1", "[1,2"],
    ]),
  });
  expect(form.status()).toBe(400);
  expect(await form.text()).toContain("bound arguments cannot be decoded");
  expectFrontDoorHeaders(form.headers(), "form");
});

test("a malformed multipart post to an /api path no route serves: 400, not the not-found page's 500", async ({
  request,
}) => {
  // Found by `npm run fuzz` (seed 1203382459): proof photos are public, so the path reaches Next.
  const response = await request.post(`/api/proof-photos/${newId()}/null`, {
    headers: { "content-type": "multipart/form-data; boundary=x" },
    data: "abcd",
  });
  expect(response.status()).toBe(400);
  expect((await problemOf(response)).code).toBe("VALIDATION_ERROR");
  expectFrontDoorHeaders(response.headers(), "unmatched api path");
});

test("a server action body over 1 MiB: 413", async ({ request }) => {
  const signIn = serverActions().get("signInWithCredentials")!;
  const response = await callServerAction(request, signIn, ["a".repeat(1024 * 1024 + 1)], {
    origin: E2E_BASE_URL,
    headers: { "x-forwarded-for": CLIENT_IP },
  });
  expect(response.status()).toBe(413);
  expect(await response.text()).toContain("Request too large");
  expectFrontDoorHeaders(response.headers(), "oversized");
});

test("a method a path does not take: 405 with a body and Allow", async ({ request }) => {
  const api = await request.delete("/v1/infrastructure/sites", { headers: integration });
  expect(api.status()).toBe(405);
  expect((await problemOf(api)).code).toBe("METHOD_NOT_ALLOWED");
  expect(api.headers()["allow"]?.split(", ")).toEqual(expect.arrayContaining(["GET", "HEAD", "OPTIONS"]));
  expectFrontDoorHeaders(api.headers(), "405 api");

  const post = await request.patch("/v1/movement-requests/create-in-planning-pool", { headers: integration });
  expect(post.status()).toBe(405);
  expect(post.headers()["allow"]).toContain("POST");

  const trace = await request.fetch("/v1/infrastructure/sites", { method: "TRACE", headers: integration });
  expect(trace.status()).toBe(405);
  expect((await problemOf(trace)).code).toBe("METHOD_NOT_ALLOWED");
  expect(trace.headers()["allow"]).toContain("GET");

  const page = await request.delete("/display/not-a-token/board");
  expect(page.status()).toBe(405);
  expect(page.headers()["content-type"]).toContain("text/html");
  expect(await page.text()).toContain("Method not allowed");
  expectFrontDoorHeaders(page.headers(), "405 page");
  const unknown = await request.fetch("/sign-in", { method: "PROPFIND" });
  expect(unknown.status()).toBe(405);
  expect(await unknown.text()).toContain("Method not allowed");
});

test("static files, 404s and redirects carry the request id and the security headers", async ({
  request,
}) => {
  for (const path of [
    "/favicon.ico",
    "/robots.txt",
    "/manifest.webmanifest",
    "/apple-touch-icon.png",
    "/v1/nope",
    "/track/nope",
  ]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBeLessThan(500);
    expectFrontDoorHeaders(response.headers(), path);
  }
  const given = await request.get("/robots.txt", { headers: { "x-request-id": "trace-abc.1" } });
  expect(given.headers()["x-request-id"]).toBe("trace-abc.1");
});

test("a forged X-Forwarded-Host does not choose where a redirect goes", async ({ request }) => {
  const forgeries: Array<Record<string, string>> = [
    { "x-forwarded-host": "evil.example" },
    { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" },
    { forwarded: "host=evil.example;proto=https" },
  ];
  for (const headers of forgeries) {
    const response = await request.get("/board", { headers, maxRedirects: 0 });
    expect(response.status()).toBe(307);
    const location = response.headers()["location"] ?? "";
    expect(location.startsWith(`${E2E_BASE_URL}/sign-in`), location).toBe(true);
    expect(location).not.toContain("evil.example");
  }
});
