import { beforeAll, describe, expect, it } from "vitest";
import { GET as listProvidersRoute } from "@/app/v1/infrastructure/providers/third-party/route";
import type { ThirdPartyProviderResponse } from "@/lib/infrastructure/schemas";
import { callRoute } from "@/test/call-route";
import { createMovementWorld, type MovementWorld } from "@/test/movement-world";
import { setupTestDatabase } from "@/test/test-database";

const database = setupTestDatabase();
let world: MovementWorld;
let otherWorld: MovementWorld;

beforeAll(async () => {
  world = await createMovementWorld(database.prisma);
  otherWorld = await createMovementWorld(database.prisma);
});

async function listProviders(apiKey: string) {
  const response = await callRoute(listProvidersRoute, {
    path: "/v1/infrastructure/providers/third-party",
    apiKey,
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: ThirdPartyProviderResponse[] }).data;
}

describe("GET /v1/infrastructure/providers/third-party", () => {
  it("lists only the 3PLs configured for the caller's profile, with methods and rate cards", async () => {
    const providers = await listProviders(world.integrationKey);
    expect(providers.map((provider) => provider.id).sort()).toEqual(
      [
        world.providers.fullService.id,
        world.providers.drivenOnly.id,
        world.providers.noTransportedCard.id,
      ].sort(),
    );
    expect(providers.map((provider) => provider.id)).not.toContain(world.providers.unconfigured.id);
    expect(providers.map((provider) => provider.id)).not.toContain(otherWorld.providers.fullService.id);
  });

  it("shows a method without a rate card as supported but unpriced", async () => {
    const providers = await listProviders(world.integrationKey);
    const provider = providers.find((candidate) => candidate.id === world.providers.noTransportedCard.id);
    expect(provider).toEqual({
      id: world.providers.noTransportedCard.id,
      name: "No Transported Card",
      transportMethods: ["DRIVEN", "TRANSPORTED"],
      rateCards: [
        {
          transportMethod: "DRIVEN",
          baseCost: { centAmount: 4000, currencyCode: "GBP" },
          perKmCost: { centAmount: 80, currencyCode: "GBP" },
        },
      ],
    });
  });

  it("refuses unknown query parameters", async () => {
    const response = await callRoute(listProvidersRoute, {
      path: "/v1/infrastructure/providers/third-party?all=true",
      apiKey: world.integrationKey,
    });
    expect(response.status).toBe(400);
  });
});
