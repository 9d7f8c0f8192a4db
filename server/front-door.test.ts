// The front door on a real HTTP server, in front of a handler that reports what it was given: the
// client address the sign-in throttle would count (lib/auth/client-ip.ts) and the forwarded headers.
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { clientIpFrom } from "@/lib/auth/client-ip";
import { parseTrustedProxies } from "@/lib/request-context/trusted-proxies.mjs";
import { answerClientError, frontDoor, isWellFormedPath } from "./front-door.mjs";

const servers: http.Server[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** Serves the front door with TRUSTED_PROXIES = setting; answers what the app behind it would see. */
async function serve(setting: string | undefined): Promise<string> {
  const echo = (request: http.IncomingMessage, response: http.ServerResponse) => {
    const headers = new Headers(request.headers as Record<string, string>);
    response.setHeader("content-type", "application/json");
    response.end(
      JSON.stringify({
        rateLimitKey: clientIpFrom(headers),
        forwardedHost: headers.get("x-forwarded-host"),
        forwardedProto: headers.get("x-forwarded-proto"),
        forwarded: headers.get("forwarded"),
        realIp: headers.get("x-real-ip"),
      }),
    );
  };
  const server = http.createServer(
    frontDoor(echo, {
      production: true,
      trustedProxies: parseTrustedProxies(setting),
      allowedMethods: async () => undefined,
    }),
  );
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const FORGED = {
  "x-forwarded-for": "203.0.113.9",
  "x-forwarded-host": "evil.example",
  "x-forwarded-proto": "https",
  forwarded: "for=203.0.113.9;host=evil.example",
  "x-real-ip": "203.0.113.9",
};

describe("forwarded headers", () => {
  it("are dropped when no proxy is trusted: the rate-limit key is the socket's address", async () => {
    const base = await serve(undefined);
    const seen = await (await fetch(base, { headers: FORGED })).json();
    expect(seen).toEqual({
      rateLimitKey: "127.0.0.1",
      forwardedHost: null,
      forwardedProto: null,
      forwarded: null,
      realIp: null,
    });
    const other = await (
      await fetch(base, { headers: { "x-forwarded-for": "198.51.100.1, 10.0.0.1" } })
    ).json();
    expect(other.rateLimitKey).toBe("127.0.0.1");
  });

  it("are dropped when the peer is not one of the trusted proxies", async () => {
    const base = await serve("10.0.0.0/8");
    const seen = await (await fetch(base, { headers: FORGED })).json();
    expect(seen.rateLimitKey).toBe("127.0.0.1");
    expect(seen.forwardedHost).toBeNull();
  });

  it("count when the peer is a trusted proxy: the nearest address that is not a proxy is the client", async () => {
    const base = await serve("127.0.0.1,10.0.0.0/8");
    const seen = await (
      await fetch(base, { headers: { ...FORGED, "x-forwarded-for": "198.51.100.1, 203.0.113.9, 10.1.2.3" } })
    ).json();
    expect(seen.rateLimitKey).toBe("203.0.113.9");
    expect(seen.forwardedHost).toBe("evil.example");
    expect(seen.forwardedProto).toBe("https");
    // Forwarded (RFC 7239) and X-Real-IP are never read: one header to configure a proxy for.
    expect(seen.forwarded).toBeNull();
    expect(seen.realIp).toBeNull();
  });

  it("count that many hops with a hop count", async () => {
    const base = await serve("1");
    const chain = { "x-forwarded-for": "198.51.100.1, 203.0.113.9" };
    expect((await (await fetch(base, { headers: chain })).json()).rateLimitKey).toBe("203.0.113.9");
    const two = await serve("2");
    expect((await (await fetch(two, { headers: chain })).json()).rateLimitKey).toBe("198.51.100.1");
  });

  it("reject a malformed TRUSTED_PROXIES", () => {
    expect(() => parseTrustedProxies("10.0.0.0/33")).toThrow(/CIDR/);
    expect(() => parseTrustedProxies("proxy.internal")).toThrow(/CIDR/);
    expect(() => parseTrustedProxies("99")).toThrow(/at most 10/);
    expect(parseTrustedProxies(" ")).toEqual({ kind: "none" });
  });
});

describe("the front door's checks", () => {
  it("tells well-formed paths from malformed ones", () => {
    for (const path of ["/", "/board", "/track/abc%20def", "/%E2%82%AC", "/a/%2F/b"]) {
      expect(isWellFormedPath(path), path).toBe(true);
    }
    for (const path of ["/%ff", "/%E0%A4%A", "/%", "/%00", "/%C0%AF", "/%ED%A0%80", "*", "board"]) {
      expect(isWellFormedPath(path), path).toBe(false);
    }
  });

  it("gives every answer a request id and the security headers, the caller's id when sane", async () => {
    const base = await serve(undefined);
    const generated = await fetch(base);
    expect(generated.headers.get("x-request-id")).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(generated.headers.get("strict-transport-security")).toContain("max-age=31536000");
    const given = await fetch(base, { headers: { "x-request-id": "trace-1" } });
    expect(given.headers.get("x-request-id")).toBe("trace-1");
    const insane = await fetch(base, { headers: { "x-request-id": "a b" } });
    expect(insane.headers.get("x-request-id")).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
  });

  it("refuses a page's malformed multipart post with a 400 and hands a well-formed one on", async () => {
    const base = await serve(undefined);
    for (const headers of [{}, { "next-action": "0123456789abcdef" }] as Record<string, string>[]) {
      const malformed = await fetch(`${base}/board`, {
        method: "POST",
        headers: { ...headers, "content-type": "multipart/form-data; boundary=x" },
        body: "--x\r\nzz",
      });
      expect(malformed.status).toBe(400);
      expect(await malformed.text()).toContain("multipart body is malformed");
    }
    const form = new FormData();
    form.set("field", "value");
    const wellFormed = await fetch(`${base}/board`, { method: "POST", body: form });
    expect(wellFormed.status).toBe(200);
    expect(await wellFormed.json()).toMatchObject({ rateLimitKey: "127.0.0.1" });
  });
  it("refuses a malformed multipart post to an /api path no route serves (the not-found page parses it)", async () => {
    const handled: string[] = [];
    const server = http.createServer(
      frontDoor(
        (request, response) => {
          handled.push(request.url ?? "");
          response.end("handled");
        },
        {
          production: true,
          trustedProxies: parseTrustedProxies(undefined),
          allowedMethods: async () => undefined,
          routeOf: (path) => (path === "/api/uploads" ? "/api/uploads" : "unmatched"),
        },
      ),
    );
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const post = (path: string) =>
      fetch(`${base}${path}`, {
        method: "POST",
        headers: { "content-type": "multipart/form-data; boundary=x" },
        body: "abcd",
      });
    expect((await post("/api/uploads/x/null")).status).toBe(400);
    // A route handler reads its own body, whatever it holds.
    expect((await post("/api/uploads")).status).toBe(200);
    expect(handled).toEqual(["/api/uploads"]);
  });
});

describe("a request Node cannot parse", () => {
  /** Sends a request line with a control byte and a body, and reads what comes back until the close. */
  function sendUnparseable(port: number, bodyBytes: number): Promise<string> {
    return new Promise((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      let received = "";
      socket.on("data", (chunk) => (received += chunk.toString()));
      socket.on("error", (error: NodeJS.ErrnoException) => (received += ` [${error.code}]`));
      socket.on("close", () => resolve(received));
      const head = `PUT /a\x08b HTTP/1.1\r\nHost: x\r\nContent-Length: ${bodyBytes}\r\n\r\n`;
      socket.write(Buffer.concat([Buffer.from(head), Buffer.alloc(bodyBytes, 0x61)]));
    });
  }

  it("is answered 400, and a client still sending its body reads the answer, not a reset", async () => {
    const server = http.createServer(() => {
      throw new Error("never reached: the request line cannot be parsed");
    });
    server.on("clientError", answerClientError({ production: true }));
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as AddressInfo).port;
    // Without the lingering, most of these were reset (ECONNRESET) while the client was still writing.
    const answers = (
      await Promise.all(
        Array.from({ length: 5 }, () =>
          Promise.all([1, 2, 3, 4].map(() => sendUnparseable(port, 4 * 1024 * 1024))),
        ),
      )
    ).flat();
    for (const answer of answers) {
      expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
      expect(answer).toContain("X-Request-Id: ");
      expect(answer).not.toMatch(/\[E[A-Z]+\]$/);
    }
  });
});
