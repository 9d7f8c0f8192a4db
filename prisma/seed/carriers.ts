// Who moves the cars: global 3PLs (with and without rate cards), internal rate cards, own drivers.
import { TransportMethod, type Driver, type RateCard, type Site } from "@/lib/generated/prisma/client";
import {
  configureProviderForProfile,
  createDriver,
  createInternalRateCard,
  createProvider,
  type FactoryDb,
} from "@/prisma/factories";
import type { DemoProvider } from "./context";

const { DRIVEN, TRANSPORTED } = TransportMethod;

export const SWIFTMOVE = "SwiftMove Logistics";
export const CARCARRIER = "CarCarrier UK";
export const PENNINE = "Pennine Transport";
export const HIGHLAND = "Highland Auto Haulage";

export async function createDemoProviders(db: FactoryDb): Promise<Map<string, DemoProvider>> {
  const providers = [
    await createProvider(db, {
      name: SWIFTMOVE,
      transportMethods: [DRIVEN, TRANSPORTED],
      rateCards: [
        { transportMethod: DRIVEN, baseCostCents: 4500, perKmCostCents: 95 },
        { transportMethod: TRANSPORTED, baseCostCents: 9500, perKmCostCents: 140 },
      ],
    }),
    // Cannot fulfil TRANSPORTED (PROVIDER_CANNOT_FULFIL_MOVEMENT).
    await createProvider(db, {
      name: CARCARRIER,
      transportMethods: [DRIVEN],
      rateCards: [{ transportMethod: DRIVEN, baseCostCents: 3900, perKmCostCents: 110 }],
    }),
    // Supports TRANSPORTED without a rate card for it: dispatch works, estimatedCost is absent.
    await createProvider(db, {
      name: PENNINE,
      transportMethods: [DRIVEN, TRANSPORTED],
      rateCards: [{ transportMethod: DRIVEN, baseCostCents: 4200, perKmCostCents: 88 }],
    }),
    // Configured for no profile: dispatching to it is refused as not found.
    await createProvider(db, {
      name: HIGHLAND,
      transportMethods: [TRANSPORTED],
      rateCards: [{ transportMethod: TRANSPORTED, baseCostCents: 12000, perKmCostCents: 150 }],
    }),
  ];
  return new Map(providers.map((provider) => [provider.name, provider]));
}

export async function configureProviders(
  db: FactoryDb,
  profileId: string,
  providers: Map<string, DemoProvider>,
  names: string[],
) {
  for (const name of names) {
    const provider = providers.get(name);
    if (!provider) throw new Error(`Unknown demo 3PL "${name}"`);
    await configureProviderForProfile(db, profileId, provider.id);
  }
}

export async function createInternalRateCards(
  db: FactoryDb,
  organisationId: string,
  prices: { driven: [number, number]; transported: [number, number] },
): Promise<RateCard[]> {
  return [
    await createInternalRateCard(db, {
      organisationId,
      transportMethod: DRIVEN,
      baseCostCents: prices.driven[0],
      perKmCostCents: prices.driven[1],
    }),
    await createInternalRateCard(db, {
      organisationId,
      transportMethod: TRANSPORTED,
      baseCostCents: prices.transported[0],
      perKmCostCents: prices.transported[1],
    }),
  ];
}

/** `home`: the code of the site the driver's day starts from (the planner, docs/planning.md). */
type DriverData = {
  key: string;
  firstname: string;
  surname: string;
  phone: string;
  home: string;
  transporterLicence?: boolean;
  active?: boolean;
};

export const NORTHGATE_DRIVERS: DriverData[] = [
  { key: "tom", firstname: "Tom", surname: "Hargreaves", phone: "07700 900101", home: "MAN1" },
  { key: "priya", firstname: "Priya", surname: "Shah", phone: "07700 900102", home: "LDS1" },
  { key: "dan", firstname: "Daniel", surname: "Kowalski", phone: "07700 900103", home: "BHM1" },
  { key: "sarah", firstname: "Sarah", surname: "O'Neill", phone: "07700 900104", home: "BRS1" },
  {
    key: "marcus",
    firstname: "Marcus",
    surname: "Reid",
    phone: "07700 900105",
    home: "MAN1",
    transporterLicence: true,
  },
  {
    key: "graham",
    firstname: "Graham",
    surname: "Booth",
    phone: "07700 900106",
    home: "SHF1",
    active: false,
  },
];

export const HARBOUR_DRIVERS: DriverData[] = [
  { key: "ellie", firstname: "Ellie", surname: "Marsh", phone: "07700 900201", home: "SOU1" },
  { key: "jamal", firstname: "Jamal", surname: "Osei", phone: "07700 900202", home: "PME1" },
];

export async function createDemoDrivers(
  db: FactoryDb,
  organisationId: string,
  drivers: DriverData[],
  emailDomain: string,
  sites: Map<string, Site>,
): Promise<Map<string, Driver>> {
  const byKey = new Map<string, Driver>();
  for (const { key, active, home, ...driver } of drivers) {
    const email = `${driver.firstname}.${driver.surname}`.toLowerCase().replace(/[^a-z.]/g, "");
    const row = await createDriver(db, {
      organisationId,
      ...driver,
      email: `${email}@${emailDomain}`,
      active: active ?? true,
      homeSiteId: sites.get(home)?.id ?? null,
    });
    byKey.set(key, row);
  }
  return byKey;
}
