// One HTTP POST of a webhook. Redirects are not followed (a 3xx is a failure), the connection goes only
// to an address the SSRF guard allows (checked on the address actually resolved, at connect time), and
// the whole attempt is cut at the timeout.
import http from "node:http";
import https from "node:https";
import { assertDeliveryUrlAllowed, guardedLookup } from "@/lib/webhooks/ssrf-guard";

export type PostOutcome = {
  succeeded: boolean;
  status?: number;
  bodyExcerpt?: string;
  error?: string;
  durationMs: number;
};

const EXCERPT_BYTES = 1024;
/** Read no more than this of a response: receivers should answer briefly. */
const MAX_READ_BYTES = 64 * 1024;
const allowedTargets = new Map<string, URL>();
const MAX_ALLOWED_TARGETS = 10_000;
const agents = {
  "http:": new http.Agent({ keepAlive: true, maxSockets: 64 }),
  "https:": new https.Agent({ keepAlive: true, maxSockets: 64 }),
};

/**
 * The URL, parsed, once the SSRF guard has allowed it. An endpoint's URL is checked once, not on every
 * attempt (the address it resolves to is checked at every connect).
 */
function allowedTarget(url: string): URL {
  let target = allowedTargets.get(url);
  if (!target) {
    assertDeliveryUrlAllowed(url);
    if (allowedTargets.size >= MAX_ALLOWED_TARGETS) allowedTargets.clear();
    target = new URL(url);
    allowedTargets.set(url, target);
  }
  return target;
}

export function postWebhook(options: {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  signal?: AbortSignal;
}): Promise<PostOutcome> {
  const startedAt = performance.now();
  const elapsed = () => Math.round(performance.now() - startedAt);
  let target: URL;
  try {
    target = allowedTarget(options.url);
  } catch (error) {
    return Promise.resolve({ succeeded: false, error: (error as Error).message, durationMs: elapsed() });
  }
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<PostOutcome, "durationMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...outcome, durationMs: elapsed() });
    };
    const transport = target.protocol === "https:" ? https : http;
    const request = transport.request(target, {
      method: "POST",
      agent: agents[target.protocol as keyof typeof agents],
      lookup: guardedLookup,
      signal: options.signal,
      headers: {
        "content-type": "application/json",
        "content-length": Buffer.byteLength(options.body),
        "user-agent": "VehicleMovementService-Webhooks/1",
        ...options.headers,
      },
    });
    const timer = setTimeout(() => {
      request.destroy(new Error(`timed out after ${options.timeoutMs} ms`));
    }, options.timeoutMs);

    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      let read = 0;
      response.on("data", (chunk: Buffer) => {
        read += chunk.length;
        if (read <= MAX_READ_BYTES) chunks.push(chunk);
        else response.destroy();
      });
      const done = () => {
        const status = response.statusCode ?? 0;
        finish({
          succeeded: status >= 200 && status < 300,
          status,
          bodyExcerpt: Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString("utf8"),
          ...(status >= 300 && status < 400 ? { error: "redirects are not followed" } : {}),
        });
      };
      response.on("end", done);
      response.on("close", done);
      response.on("error", done);
    });
    request.on("error", (error: NodeJS.ErrnoException) => {
      finish({ succeeded: false, error: error.code ? `${error.code}: ${error.message}` : error.message });
    });
    request.end(options.body);
  });
}
