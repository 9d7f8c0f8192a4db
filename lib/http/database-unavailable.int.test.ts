// The database goes away behind a TCP proxy: requests fail fast with 503 problem bodies, readiness says
// so, nothing half-written is returned, and everything works again when the database comes back.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as healthRoute } from "@/app/api/health/route";
import { GET as readyRoute } from "@/app/api/ready/route";
import { POST as createInPool } from "@/app/v1/movement-requests/create-in-planning-pool/route";
import { GET as getRequest } from "@/app/v1/movement-requests/[requestId]/route";
import { closeDatabase } from "@/lib/db";
import { createPrismaClient } from "@/prisma/client";
import { callRoute } from "@/test/call-route";
import { createMovementWorld, poolRequestBody, type MovementWorld } from "@/test/movement-world";
import { createTestDatabase } from "@/test/test-database";
import { startTcpProxy, type TcpProxy } from "@/test/tcp-proxy";

let proxy: TcpProxy;
let dropDatabase: () => Promise<void>;
let world: MovementWorld;

beforeAll(async () => {
  const database = await createTestDatabase();
  dropDatabase = database.drop;
  const direct = new URL(database.url);
  proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
  const proxied = new URL(database.url);
  proxied.port = String(proxy.port);
  // The application reaches the database through the proxy only.
  process.env.DATABASE_URL = proxied.toString();
  const setup = createPrismaClient(database.url, 2);
  world = await createMovementWorld(setup);
  await setup.$disconnect();
});

afterAll(async () => {
  await closeDatabase();
  await proxy.close();
  await dropDatabase();
});

const create = () =>
  callRoute(createInPool, {
    method: "POST",
    path: "/v1/movement-requests/create-in-planning-pool",
    apiKey: world.integrationKey,
    body: poolRequestBody(world),
  });

describe("when the database is unreachable", () => {
  it("answers 503 SERVICE_UNAVAILABLE problems, reports not ready, and recovers by itself", async () => {
    const before = await create();
    expect(before.status).toBe(201);
    const written = (await before.json()) as { id: string };
    expect((await readyRoute()).status).toBe(200);

    proxy.cut();
    for (const response of [
      await create(),
      await callRoute(getRequest, {
        path: `/v1/movement-requests/${written.id}`,
        apiKey: world.integrationKey,
        params: { requestId: written.id },
      }),
    ]) {
      expect(response.status).toBe(503);
      expect(response.headers.get("content-type")).toBe("application/problem+json");
      expect(response.headers.get("retry-after")).toBeTruthy();
      expect(await response.json()).toMatchObject({ code: "SERVICE_UNAVAILABLE", status: 503 });
    }
    const notReady = await readyRoute();
    expect(notReady.status).toBe(503);
    expect(await notReady.json()).toMatchObject({ status: "not_ready", checks: { database: "unreachable" } });
    // Liveness stays up: the process is fine, so an orchestrator must not restart it for this.
    expect(healthRoute().status).toBe(200);

    proxy.restore();
    const after = await callRoute(getRequest, {
      path: `/v1/movement-requests/${written.id}`,
      apiKey: world.integrationKey,
      params: { requestId: written.id },
    });
    // The write acknowledged before the outage is there.
    expect(after.status).toBe(200);
    expect(((await after.json()) as { id: string }).id).toBe(written.id);
    expect((await create()).status).toBe(201);
    expect((await readyRoute()).status).toBe(200);
  }, 60_000);
});
