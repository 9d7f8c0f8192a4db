// A sublet vendor's link is rate-limited with the API's limiter, per link (bucket sublet-link:<id>): its
// view, actions and photos count together; another link has a budget of its own.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as viewRoute } from "@/app/sublet/[token]/view/route";
import { POST as actionRoute } from "@/app/sublet/[token]/items/[itemId]/route";
import { reconActorOfStaff } from "@/lib/recon/recon-actor";
import { sendWorkItemToSublet } from "@/lib/recon/sublet/send-to-sublet";
import { createPrepJob, createReconWorkItem } from "@/prisma/factories";
import { createMovementWorld, type MovementWorld } from "@/test/movement-world";
import { setupTestDatabase } from "@/test/test-database";

// Read by lib/env on first use, which has not happened yet in this file's module graph.
process.env.RATE_LIMIT_REQUESTS = "3";
process.env.RATE_LIMIT_WINDOW_SECONDS = "60";

const database = setupTestDatabase();
let world: MovementWorld;

beforeAll(async () => {
  world = await createMovementWorld(database.prisma);
});

async function newLink(): Promise<{ token: string; itemId: string }> {
  const job = await createPrepJob(database.prisma, {
    organisationId: world.organisation.id,
    profileId: world.profile.id,
    prepSiteId: world.sites.prepCentre.id,
    stage: "APPRAISED",
  });
  const item = await createReconWorkItem(database.prisma, {
    organisationId: world.organisation.id,
    prepJobId: job.id,
    state: "APPROVED",
  });
  const actor = reconActorOfStaff({
    organisationId: world.organisation.id,
    actor: "user:prep@example.test",
    user: { role: "PREP_STAFF" },
  });
  const sent = await sendWorkItemToSublet(
    actor,
    { prepJobId: job.id, itemId: item.id },
    { vendor: { new: { name: `Vendor ${randomUUID()}` } } },
  );
  return { token: sent.link.url.split("/sublet/")[1] as string, itemId: item.id };
}

const view = (token: string) =>
  viewRoute(new Request(`http://localhost/sublet/${token}/view`), { params: Promise.resolve({ token }) });

describe("sublet link rate limit", () => {
  it("answers 429 RATE_LIMITED past the limit; another link is not affected", async () => {
    const { token, itemId } = await newLink();
    for (let i = 0; i < 3; i += 1) expect((await view(token)).status).toBe(200);
    const limited = await actionRoute(
      new Request(`http://localhost/sublet/${token}/items/${itemId}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ action: "accept" }),
      }),
      { params: Promise.resolve({ token, itemId }) },
    );
    expect(limited.status).toBe(429);
    const body = (await limited.json()) as { code: string; message: string };
    expect(body.code).toBe("RATE_LIMITED");
    expect(body.message).toContain("this sublet link");
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await view((await newLink()).token)).status).toBe(200);
  });
});
