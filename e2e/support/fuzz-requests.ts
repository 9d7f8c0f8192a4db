// Requests no browser would send, generated with fast-check, and a client that sends them byte for
// byte (fetch and Playwright would re-encode the path or refuse it). Shared by the CI-sized property
// test (e2e/api/fuzz.spec.ts) and the long run (`npm run fuzz`, bench/fuzz.ts): every route of the app
// found on disk, every method, raw and percent-encoded bytes in any path segment, odd query strings,
// bodies nested deep, oversized or of the wrong type, and hand-written server-action calls.
import { readdirSync, readFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import fc from "fast-check";

export type RawRequest = {
  method: string;
  /** The request target exactly as sent: path and query, any bytes but CR, LF and space. */
  target: Buffer;
  headers: Array<[string, string]>;
  body?: Buffer;
};

export type RawResponse = { status: number; headers: Record<string, string> };

const APP_DIR = path.join(process.cwd(), "app");

/** Every page and route handler's URL template ("/track/[token]"), and the static files. */
export function routeTemplates(): string[] {
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? files(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
    );
  const routes = files(APP_DIR)
    .filter((file) => /^(page\.tsx|route\.ts)$/.test(path.basename(file)))
    .map((file) => {
      const segments = path
        .relative(APP_DIR, path.dirname(file))
        .split(path.sep)
        .filter((segment) => segment && !/^\(.*\)$/.test(segment));
      return `/${segments.join("/")}`;
    });
  return [...routes, ...staticFiles()];
}

function staticFiles(): string[] {
  const publicFiles = readdirSync(path.join(process.cwd(), "public")).map((name) => `/${name}`);
  const chunks = readdirSync(path.join(process.cwd(), ".next", "static", "chunks"))
    .filter((name) => name.endsWith(".js"))
    .slice(0, 3)
    .map((name) => `/_next/static/chunks/${name}`);
  return [...publicFiles, ...chunks, "/_next/image", "/_next/data/x/y.json"];
}

/** Server action ids of the build, with the page each runs on. */
export function actionIds(): Array<{ id: string; pagePath: string }> {
  const manifestPath = path.join(process.cwd(), ".next", "server", "server-reference-manifest.json");
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as {
    node: Record<string, { workers: Record<string, unknown> }>;
  };
  return Object.entries(manifest.node).map(([id, entry]) => {
    const page = Object.keys(entry.workers).find((worker) => worker.endsWith("/page")) ?? "app/page";
    const segments = page
      .split("/")
      .slice(1, -1)
      .filter((segment) => !/^\(.*\)$/.test(segment));
    return { id, pagePath: `/${segments.join("/")}` };
  });
}

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "PROPFIND", "FOO"];
const QUERY_NAMES = [
  "since",
  "cursor",
  "limit",
  "status",
  "q",
  "page",
  "sort",
  "vin",
  "vrm",
  "siteId",
  "callbackUrl",
  "view",
  "stage",
  "__proto__",
  "constructor",
  "",
];
const CONTENT_TYPES = [
  "application/json",
  "application/problem+json",
  "text/plain;charset=UTF-8",
  "multipart/form-data; boundary=x",
  "multipart/form-data",
  "application/x-www-form-urlencoded",
  "application/octet-stream",
  "text/x-component",
  "application/json; charset=utf-16",
  "nonsense",
];

const hex = (byte: number) => `%${byte.toString(16).padStart(2, "0").toUpperCase()}`;

/** Bytes that may stand raw in a request line (not CR, LF or space, which end it). */
const rawByte = fc
  .integer({ min: 0, max: 255 })
  .filter((byte) => byte !== 0x0a && byte !== 0x0d && byte !== 0x20);

/** One path segment, as bytes: a hostile text, raw bytes, escapes valid or not, or a plain word. */
const segmentArbitrary: fc.Arbitrary<Buffer> = fc.oneof(
  fc
    .constantFrom(
      "%ff",
      "%E0%A4%A",
      "%",
      "%00",
      "%C0%AF",
      "%C0%80",
      "%ED%A0%80",
      "%F4%90%80%80",
      "%%",
      "%zz",
      "%2e%2e",
      "..",
      ".",
      "%2F",
      "%5C",
      "%u0041",
      "a%",
      "%e2%82",
      "x".repeat(3000),
    )
    .map((text) => Buffer.from(text, "latin1")),
  fc.uint8Array({ minLength: 1, maxLength: 12 }).map((bytes) => Buffer.from([...bytes].map(hex).join(""))),
  fc.array(rawByte, { minLength: 1, maxLength: 8 }).map((bytes) => Buffer.from(bytes)),
  fc.string({ unit: "grapheme", maxLength: 8 }).map((text) => Buffer.from(encodeURIComponent(text))),
  fc.constantFrom("01ARZ3NDEKTSV4RRFFQ69G5FAV", "abc", "1", "-1", "null").map((text) => Buffer.from(text)),
);

function pathArbitrary(templates: string[]): fc.Arbitrary<Buffer> {
  return fc
    .record({
      template: fc.constantFrom(...templates),
      mutate: fc.array(fc.tuple(fc.nat(), segmentArbitrary), { maxLength: 3 }),
      extra: fc.option(segmentArbitrary, { nil: undefined }),
    })
    .map(({ template, mutate, extra }) => {
      const segments: Buffer[] = template
        .split("/")
        .slice(1)
        .map((segment) => Buffer.from(segment.startsWith("[") ? "01ARZ3NDEKTSV4RRFFQ69G5FAV" : segment));
      for (const [index, replacement] of mutate) {
        if (segments.length > 0) segments[index % segments.length] = replacement;
      }
      if (extra) segments.push(extra);
      return Buffer.concat(segments.flatMap((segment) => [Buffer.from("/"), segment]));
    });
}

const queryArbitrary: fc.Arbitrary<Buffer> = fc.oneof(
  { weight: 2, arbitrary: fc.constant(Buffer.alloc(0)) },
  {
    weight: 3,
    arbitrary: fc
      .array(
        fc.tuple(
          fc.constantFrom(...QUERY_NAMES),
          fc.oneof(
            segmentArbitrary,
            fc.constantFrom("2026-11-21T09:30:00Z", "0", "250", "251", "-5", "1e309", "[]", "true"),
          ),
        ),
        { minLength: 1, maxLength: 6 },
      )
      .map((pairs) =>
        Buffer.concat([
          Buffer.from("?"),
          ...pairs.flatMap(([name, value], index) => [
            Buffer.from(`${index > 0 ? "&" : ""}${name}=`),
            typeof value === "string" ? Buffer.from(encodeURIComponent(value)) : value,
          ]),
        ]),
      ),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom("?", "?&&", "?=", "?a", "?%", "?a[b]=1", "?since&since")
      .map((text) => Buffer.from(text)),
  },
);

/** JSON nested `depth` levels, as arrays or objects. */
function nested(depth: number, kind: "array" | "object"): string {
  return kind === "array"
    ? `${"[".repeat(depth)}1${"]".repeat(depth)}`
    : `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
}

const bodyArbitrary: fc.Arbitrary<Buffer | undefined> = fc.oneof(
  { weight: 3, arbitrary: fc.constant(undefined) },
  { weight: 2, arbitrary: fc.json().map((text) => Buffer.from(text)) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.constantFrom(10, 100, 1000, 5000, 20_000),
        fc.constantFrom("array" as const, "object" as const),
      )
      .map(([depth, kind]) => Buffer.from(`[${nested(depth, kind)}]`)),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(1024 * 1024 + 1, 1100 * 1024)
      .map((size) => Buffer.from(`["${"a".repeat(size)}"]`)),
  },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(
        '--x\r\nContent-Disposition: form-data; name="1"\r\n\r\n[1]\r\n--x--\r\n',
        '--x\r\nContent-Disposition: form-data; name="0"\r\n\r\n["$1"]\r\n--x\r\nContent-Disposition: form-data; name="1"\r\n\r\n["$0"]\r\n--x--\r\n',
        "--x\r\n\r\n--x--",
        // React reply references that do not resolve: to nothing, a Map of nothing, not a BigInt, a
        // stand-in for a value the client could not send.
        '["$1"]',
        '["$Q1"]',
        '["$n12x"]',
        '[{"id":"$T"}]',
        '--x\r\nContent-Disposition: form-data; name="0"\r\n\r\n["$@1","$B2"]\r\n--x--\r\n',
        "email=a%40b.c&password=x",
        '{"a":',
        "\u0000\u0001",
      )
      .map((text) => Buffer.from(text)),
  },
);

export type FuzzContext = {
  templates: string[];
  actions: Array<{ id: string; pagePath: string }>;
  apiKey: string;
};

/** Any request: a route with hostile bytes, or a server action written by hand. */
export function requestArbitrary(context: FuzzContext): fc.Arbitrary<RawRequest> {
  const plain = fc
    .record({
      method: fc.constantFrom(...METHODS),
      path: pathArbitrary(context.templates),
      query: queryArbitrary,
      withKey: fc.boolean(),
      contentType: fc.option(fc.constantFrom(...CONTENT_TYPES), { nil: undefined }),
      body: bodyArbitrary,
    })
    .map(({ method, path: target, query, withKey, contentType, body }) => ({
      method,
      target: Buffer.concat([target, query]),
      headers: [
        ...(withKey ? ([["X-Service-API-Key", context.apiKey]] as Array<[string, string]>) : []),
        ...(contentType ? ([["Content-Type", contentType]] as Array<[string, string]>) : []),
      ],
      body: method === "GET" || method === "HEAD" ? undefined : body,
    }));
  const action = fc
    .record({
      action: fc.constantFrom(...context.actions),
      id: fc.option(fc.constantFrom("deadbeef", "", "x".repeat(500), "$1", "00".repeat(21)), {
        nil: undefined,
      }),
      contentType: fc.constantFrom(...CONTENT_TYPES),
      body: bodyArbitrary,
    })
    .map(({ action: { id, pagePath }, id: forged, contentType, body }) => ({
      method: "POST",
      target: Buffer.from(pagePath),
      headers: [
        ["Next-Action", forged ?? id],
        ["Accept", "text/x-component"],
        ["Content-Type", contentType],
      ] as Array<[string, string]>,
      body: body ?? Buffer.from("[]"),
    }));
  return fc.oneof({ weight: 3, arbitrary: plain }, { weight: 1, arbitrary: action });
}

/**
 * Sends the request as it is, byte for byte, and reads the response's head only (an event stream
 * never ends). Rejects when no head arrives within the timeout.
 */
export function sendRaw(port: number, request: RawRequest, timeoutMs = 30_000): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no response head within ${timeoutMs} ms`));
    }, timeoutMs);
    const finish = (result: RawResponse | Error) => {
      clearTimeout(timer);
      socket.destroy();
      if (result instanceof Error) reject(result);
      else resolve(result);
    };
    socket.on("connect", () => {
      const head = [
        Buffer.from(`${request.method} `),
        request.target,
        Buffer.from(" HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"),
        ...request.headers.map(([name, value]) => Buffer.from(`${name}: ${value}\r\n`, "latin1")),
        Buffer.from(request.body ? `Content-Length: ${request.body.length}\r\n\r\n` : "\r\n"),
      ];
      socket.write(Buffer.concat(request.body ? [...head, request.body] : head));
    });
    socket.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      const received = Buffer.concat(chunks);
      const end = received.indexOf("\r\n\r\n");
      if (end >= 0) finish(parseHead(received.subarray(0, end).toString("latin1")));
    });
    // A server may answer and close before reading all of a body it refused.
    socket.on("error", (error) => finish(error));
    socket.on("close", () => finish(new Error("connection closed before a response head")));
  });
}

function parseHead(head: string): RawResponse {
  const [statusLine = "", ...lines] = head.split("\r\n");
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status, headers };
}

/** A readable one-line form of a request, for failure messages. */
export function describe(request: RawRequest): string {
  const target = request.target.toString("latin1").replace(/[^\x21-\x7e]/g, (c) => hex(c.charCodeAt(0)));
  const headers = request.headers.map(([name, value]) => `${name}: ${value.slice(0, 60)}`).join("; ");
  return `${request.method} ${target.slice(0, 300)} [${headers}] body ${request.body?.length ?? 0} bytes`;
}
