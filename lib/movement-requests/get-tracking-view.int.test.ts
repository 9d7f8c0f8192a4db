import { beforeAll, describe, expect, it } from "vitest";
import { POST as createInPool } from "@/app/v1/movement-requests/create-in-planning-pool/route";
import { getTrackingView } from "@/lib/movement-requests/get-tracking-view";
import { callRoute } from "@/lib/testing/call-route";
import { createMovementWorld, poolRequestBody, type MovementWorld } from "@/lib/testing/movement-world";
import { setupTestDatabase } from "@/lib/testing/test-database";

const database = setupTestDatabase();
let world: MovementWorld;

beforeAll(async () => {
  world = await createMovementWorld(database.prisma);
});

async function createTracked() {
  const response = await callRoute(createInPool, {
    method: "POST",
    path: "/v1/movement-requests/create-in-planning-pool",
    apiKey: world.integrationKey,
    body: poolRequestBody(world, {
      requestedBy: "private.person@dealer.test",
      confirmedBy: "Jane Private",
      notes: "Private note: gate code 1234",
    }),
  });
  const body = (await response.json()) as { id: string; trackingUrl: string };
  return { id: body.id, token: body.trackingUrl.split("/track/")[1]! };
}

describe("the public tracking view", () => {
  it("shows status, towns and dates, and nothing personal", async () => {
    const { token } = await createTracked();
    const view = await getTrackingView(token);
    expect(view).toMatchObject({
      status: "CREATED",
      vehicle: "Ford Focus",
      originTown: "Manchester",
      destinationTown: "Leeds",
      history: [{ status: "CREATED" }],
    });
    const text = JSON.stringify(view);
    for (const secret of [
      "private.person",
      "Jane Private",
      "gate code",
      "WF0XXXGCDX1234567",
      "AB12 CDE",
      "stock-991",
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it("finds nothing for an unknown or malformed token", async () => {
    expect(await getTrackingView("A".repeat(32))).toBeNull();
    expect(await getTrackingView("../../etc/passwd")).toBeNull();
  });

  it("finds nothing once the organisation turns tracking off", async () => {
    const { token } = await createTracked();
    await database.prisma.organisation.update({
      where: { id: world.organisation.id },
      data: { trackingEnabled: false },
    });
    expect(await getTrackingView(token)).toBeNull();
    await database.prisma.organisation.update({
      where: { id: world.organisation.id },
      data: { trackingEnabled: true },
    });
  });
});
