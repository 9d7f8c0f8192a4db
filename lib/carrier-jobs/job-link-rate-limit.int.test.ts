// A job link is rate-limited with the API's limiter, per link: its page data and its actions count
// together, another link has a budget of its own.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createMovementWorld, type MovementWorld } from "@/test/movement-world";
import { POST as actionsRoute } from "@/app/jobs/[token]/actions/route";
import { GET as viewRoute } from "@/app/jobs/[token]/view/route";
import { mailedJobToken, jobLinkApi } from "@/test/job-link-kit";
import { POST as assignRoute } from "@/app/v1/operations/movement-requests/[requestId]/assign/route";
import { POST as createInPoolRoute } from "@/app/v1/movement-requests/create-in-planning-pool/route";
import { operationsApi } from "@/test/operations-test-kit";
import { setupTestDatabase } from "@/test/test-database";
import { createDriver } from "@/prisma/factories";

const { createPoolRequest, operateOk } = operationsApi({
  assign: assignRoute,
  createInPool: createInPoolRoute,
});
const { actOnJobRoute, viewJobRoute } = jobLinkApi({ actions: actionsRoute, view: viewRoute });

// Read by lib/env on first use, which has not happened yet in this file's module graph.
process.env.RATE_LIMIT_REQUESTS = "3";
process.env.RATE_LIMIT_WINDOW_SECONDS = "60";

const database = setupTestDatabase();
let world: MovementWorld;

beforeAll(async () => {
  world = await createMovementWorld(database.prisma);
});

async function linkOfNewOffer(): Promise<string> {
  const driver = await createDriver(database.prisma, {
    organisationId: world.organisation.id,
    email: `rate-${randomUUID()}@drivers.test`,
  });
  const created = await createPoolRequest(world);
  await operateOk(world, "assign", created.id, { offerToDriverId: driver.id });
  return mailedJobToken(database.kysely, driver);
}

describe("job link rate limit", () => {
  it("answers 429 RATE_LIMITED with Retry-After past the limit; another link is not affected", async () => {
    const token = await linkOfNewOffer();
    for (let i = 0; i < 3; i += 1) expect((await viewJobRoute(token)).status).toBe(200);
    const limited = await actOnJobRoute(token, { action: "accept" });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: "RATE_LIMITED" });
    expect(String(limited.body.message)).toContain("this job link");
    expect(limited.response.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await viewJobRoute(await linkOfNewOffer())).status).toBe(200);
  });
});
