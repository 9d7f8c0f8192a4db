import { beforeAll, describe, expect, it } from "vitest";
import { getWizardOptions } from "@/lib/movement-requests/wizard/get-wizard-options";
import { createMovementWorld, type MovementWorld } from "@/test/movement-world";
import { setupTestDatabase } from "@/test/test-database";
import { configureProviderForProfile, createProfile, createProvider } from "@/prisma/factories";

const database = setupTestDatabase();
let world: MovementWorld;
let otherWorld: MovementWorld;

beforeAll(async () => {
  world = await createMovementWorld(database.prisma);
  otherWorld = await createMovementWorld(database.prisma);
});

describe("getWizardOptions", () => {
  it("lists only the organisation's sites, by name, with coordinates and clocks", async () => {
    const options = await getWizardOptions(world.organisation.id);
    expect(options.sites.map((site) => site.name)).toEqual([
      "Dallas",
      "Leeds",
      "Manchester",
      "Prep Centre",
      "Yokohama",
    ]);
    const otherIds = Object.values(otherWorld.sites).map((site) => site.id);
    expect(options.sites.some((site) => otherIds.includes(site.id))).toBe(false);
    expect(options.sites.find((site) => site.id === world.sites.leeds.id)).toEqual({
      id: world.sites.leeds.id,
      name: "Leeds",
      code: world.sites.leeds.code,
      city: "Leeds",
      postcode: world.sites.leeds.postcode,
      countryCode: "GB",
      timezone: null,
      latitude: 53.8008,
      longitude: -1.5491,
      isPrepSite: false,
    });
    expect(options.currencyCode).toBe("GBP");
  });

  it("gives the profile's configured 3PLs with their methods and rate cards, never another's", async () => {
    const options = await getWizardOptions(world.organisation.id);
    expect(options.profiles).toHaveLength(1);
    const [profile] = options.profiles;
    expect(profile?.id).toBe(world.profile.id);
    expect(profile?.providers.map((provider) => provider.name)).toEqual([
      "Driven Only",
      "Full Service Logistics",
      "No Transported Card",
    ]);
    expect(profile?.providers.find((provider) => provider.name === "No Transported Card")).toEqual({
      id: world.providers.noTransportedCard.id,
      name: "No Transported Card",
      transportMethods: ["DRIVEN", "TRANSPORTED"],
      rateCards: [
        { transportMethod: "DRIVEN", baseCostCents: 4000, perKmCostCents: 80, currencyCode: "GBP" },
      ],
    });
    const ids = profile?.providers.map((provider) => provider.id) ?? [];
    expect(ids).not.toContain(world.providers.unconfigured.id);
    expect(ids).not.toContain(otherWorld.providers.fullService.id);
  });

  it("gives the organisation's internal rate cards only", async () => {
    const options = await getWizardOptions(world.organisation.id);
    expect(options.internalRateCards).toEqual([
      { transportMethod: "DRIVEN", baseCostCents: 2500, perKmCostCents: 60, currencyCode: "GBP" },
      { transportMethod: "TRANSPORTED", baseCostCents: 6000, perKmCostCents: 120, currencyCode: "GBP" },
    ]);
  });

  it("lists several profiles oldest first, each with its own 3PLs", async () => {
    const second = await createProfile(database.prisma, {
      organisationId: world.organisation.id,
      name: "Fleet desk",
      createdAt: new Date(Date.now() + 60_000),
    });
    const fleetOnly = await createProvider(database.prisma, { name: "Fleet Haulage" });
    await configureProviderForProfile(database.prisma, second.id, fleetOnly.id);

    const options = await getWizardOptions(world.organisation.id);
    expect(options.profiles.map((profile) => profile.id)).toEqual([world.profile.id, second.id]);
    expect(options.profiles[1]?.providers.map((provider) => provider.name)).toEqual(["Fleet Haulage"]);
    expect(options.profiles[0]?.providers.map((provider) => provider.name)).not.toContain("Fleet Haulage");
    expect(
      (await getWizardOptions(otherWorld.organisation.id)).profiles.map((profile) => profile.id),
    ).toEqual([otherWorld.profile.id]);
  });
});
