// A tenant with what movement requests need: GB sites (one a prep site), a Japanese one, a US one
// (zone unresolvable), internal rate cards and three configured 3PLs — like the demo seed, but fresh.
import { dateOnlyFromToday } from "@/prisma/factories/dates";
import type { FactoryDb } from "@/prisma/factories/db";
import { configureProviderForProfile, createProvider } from "@/prisma/factories/provider";
import { createInternalRateCard } from "@/prisma/factories/rate-card";
import { createSite } from "@/prisma/factories/site";
import { createTenant } from "@/test/tenant";
import type { OrganisationOverrides } from "@/prisma/factories/organisation";

export async function createMovementWorld(db: FactoryDb, organisation: OrganisationOverrides = {}) {
  const tenant = await createTenant(db, organisation);
  const organisationId = tenant.organisation.id;
  const manchester = await createSite(db, {
    organisationId,
    name: "Manchester",
    latitude: 53.4808,
    longitude: -2.2426,
  });
  const leeds = await createSite(db, {
    organisationId,
    name: "Leeds",
    city: "Leeds",
    latitude: 53.8008,
    longitude: -1.5491,
  });
  const prepCentre = await createSite(db, {
    organisationId,
    name: "Prep Centre",
    isPrepSite: true,
    latitude: 53.39,
    longitude: -2.59,
  });
  const yokohama = await createSite(db, {
    organisationId,
    name: "Yokohama",
    countryCode: "JP",
    latitude: 35.44,
    longitude: 139.64,
  });
  const dallas = await createSite(db, {
    organisationId,
    name: "Dallas",
    countryCode: "US",
    latitude: 32.78,
    longitude: -96.8,
  });
  await createInternalRateCard(db, {
    organisationId,
    transportMethod: "DRIVEN",
    baseCostCents: 2500,
    perKmCostCents: 60,
  });
  await createInternalRateCard(db, {
    organisationId,
    transportMethod: "TRANSPORTED",
    baseCostCents: 6000,
    perKmCostCents: 120,
  });

  const fullService = await createProvider(db, { name: "Full Service Logistics" });
  const drivenOnly = await createProvider(db, { name: "Driven Only", transportMethods: ["DRIVEN"] });
  const noTransportedCard = await createProvider(db, {
    name: "No Transported Card",
    rateCards: [{ transportMethod: "DRIVEN", baseCostCents: 4000, perKmCostCents: 80 }],
  });
  const unconfigured = await createProvider(db, { name: "Someone Else's" });
  for (const provider of [fullService, drivenOnly, noTransportedCard]) {
    await configureProviderForProfile(db, tenant.profile.id, provider.id);
  }
  return {
    ...tenant,
    /** The client the world was built with, for more rows of prisma/factories. */
    factoryDb: db,
    sites: { manchester, leeds, prepCentre, yokohama, dallas },
    providers: { fullService, drivenOnly, noTransportedCard, unconfigured },
  };
}

export type MovementWorld = Awaited<ReturnType<typeof createMovementWorld>>;

/** A valid create-in-planning-pool body between two of the world's sites. */
export function poolRequestBody(world: MovementWorld, overrides: Record<string, unknown> = {}) {
  return {
    vehicle: {
      vin: "WF0XXXGCDX1234567",
      vrm: "AB12 CDE",
      make: "Ford",
      model: "Focus",
      externalVehicleId: "stock-991",
    },
    origin: { location: { type: "INTERNAL", siteId: world.sites.manchester.id } },
    destination: {
      location: { type: "INTERNAL", siteId: world.sites.leeds.id },
      deliveryByDate: dateOnlyFromToday(30),
    },
    businessArea: "Retail",
    transportMethod: "DRIVEN",
    ...overrides,
  };
}
