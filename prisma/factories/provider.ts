import { newId } from "@/lib/ids";
import { TransportMethod } from "@/lib/generated/prisma/client";
import { nextSequence, type FactoryDb } from "./db";

export type RateCardPrice = {
  transportMethod: TransportMethod;
  baseCostCents: number;
  perKmCostCents: number;
  currencyCode?: string;
};

export type ProviderInput = {
  name?: string;
  transportMethods?: TransportMethod[];
  /** Defaults to one GBP card per supported method; pass [] for a 3PL without rate cards. */
  rateCards?: RateCardPrice[];
};

const DEFAULT_PRICES: Record<TransportMethod, Omit<RateCardPrice, "transportMethod">> = {
  DRIVEN: { baseCostCents: 4500, perKmCostCents: 95 },
  TRANSPORTED: { baseCostCents: 9500, perKmCostCents: 140 },
};

/** A global 3PL with its rate cards (returned included). */
export function createProvider(db: FactoryDb, input: ProviderInput = {}) {
  const transportMethods = input.transportMethods ?? [TransportMethod.DRIVEN, TransportMethod.TRANSPORTED];
  const rateCards =
    input.rateCards ??
    transportMethods.map((transportMethod) => ({ transportMethod, ...DEFAULT_PRICES[transportMethod] }));
  return db.thirdPartyLogisticsProvider.create({
    data: {
      id: newId(),
      name: input.name ?? `Test Logistics ${nextSequence()}`,
      transportMethods,
      rateCards: {
        create: rateCards.map((card) => ({
          id: newId(),
          transportMethod: card.transportMethod,
          currencyCode: card.currencyCode ?? "GBP",
          baseCostCents: card.baseCostCents,
          perKmCostCents: card.perKmCostCents,
        })),
      },
    },
    include: { rateCards: true },
  });
}

/** Lets the profile dispatch to the 3PL (GET /infrastructure/providers/third-party lists it). */
export async function configureProviderForProfile(db: FactoryDb, profileId: string, providerId: string) {
  const { organisationId } = await db.profile.findUniqueOrThrow({ where: { id: profileId } });
  return db.profileProvider.create({ data: { organisationId, profileId, providerId } });
}
