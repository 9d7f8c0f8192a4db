// The reference of the API benchmark: a bare `node:http` server that calls the product's own functions
// for `POST /v1/movement-requests/create-in-planning-pool` and `GET /v1/movement-requests/{id}` (the
// API-key lookup, the use case, its Kysely statements and transaction, the response mapping). It skips
// Next.js, the route wrapper (withApi: rate limit, idempotency, problem+json) and zod: the difference in
// throughput against the product is what those cost, not different SQL. Its pool is the process-wide
// one of lib/db.ts (DATABASE_URL, DATABASE_POOL_SIZE).
// Run: DATABASE_URL=… DATABASE_POOL_SIZE=… PORT=… tsx bench/reference-server.ts
import http from "node:http";
import { authenticateApiKey } from "@/lib/auth/authenticate-api-key";
import { closeDatabase } from "@/lib/db";
import { createInPlanningPool } from "@/lib/movement-requests/create-movement-request";
import { getMovementRequest } from "@/lib/movement-requests/get-movement-request";
import type { CreateInPlanningPoolBody } from "@/lib/movement-requests/schemas";

const port = Number(process.env.PORT ?? 3249);
const CREATE_PATH = "/v1/movement-requests/create-in-planning-pool";
const GET_PATH = /^\/v1\/movement-requests\/([0-9A-Z]{26})$/;

const server = http.createServer((request, response) => {
  handle(request)
    .then(({ status, body }) => send(response, status, body))
    .catch((error: unknown) => send(response, 500, { title: String(error) }));
});
server.listen(port, "127.0.0.1", () => console.log(`reference server on http://127.0.0.1:${port}`));
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => server.close(() => void closeDatabase().then(() => process.exit(0))));
}

async function handle(request: http.IncomingMessage): Promise<{ status: number; body: unknown }> {
  if (request.url === "/health") return { status: 200, body: { status: "ok" } };
  const key = request.headers["x-service-api-key"];
  const caller = await authenticateApiKey(typeof key === "string" ? key : null);
  const url = request.url ?? "/";
  if (request.method === "POST" && url === CREATE_PATH) {
    // Trusted as sent: the reference measures no validation.
    const body = JSON.parse(await readBody(request)) as CreateInPlanningPoolBody;
    return { status: 201, body: await createInPlanningPool(caller, body) };
  }
  const get = GET_PATH.exec(url);
  if (request.method === "GET" && get?.[1]) {
    return { status: 200, body: await getMovementRequest(caller, get[1]) };
  }
  return { status: 404, body: { title: "No such route" } };
}

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (text += chunk));
    request.on("end", () => resolve(text));
    request.on("error", reject);
  });
}

function send(response: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(text),
  });
  response.end(text);
}
