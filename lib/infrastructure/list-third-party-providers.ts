import type { ApiCaller } from "@/lib/auth/api-caller";
import { kysely, sql } from "@/lib/db";
import type { TransportMethod } from "@/lib/generated/prisma/enums";
import type { ThirdPartyProviderResponse } from "@/lib/infrastructure/schemas";

/** The 3PLs configured for the caller's profile, by name, with their rate cards: one statement. */
export async function listThirdPartyProviders(
  caller: Pick<ApiCaller, "profileId">,
): Promise<ThirdPartyProviderResponse[]> {
  const rows = await kysely()
    .selectFrom("ProfileProvider as link")
    .innerJoin("ThirdPartyLogisticsProvider as provider", "provider.id", "link.providerId")
    .leftJoin("RateCard as card", "card.providerId", "provider.id")
    .select([
      "provider.id",
      "provider.name",
      // pg knows no parser for an enum array; as text[] it arrives as an array.
      sql<TransportMethod[]>`provider."transportMethods"::text[]`.as("transportMethods"),
      "card.transportMethod",
      "card.currencyCode",
      "card.baseCostCents",
      "card.perKmCostCents",
    ])
    .where("link.profileId", "=", caller.profileId)
    .orderBy("provider.name")
    .orderBy("provider.id")
    .orderBy("card.transportMethod")
    .execute();

  const providers = new Map<string, ThirdPartyProviderResponse>();
  for (const row of rows) {
    let provider = providers.get(row.id);
    if (!provider) {
      provider = { id: row.id, name: row.name, transportMethods: row.transportMethods, rateCards: [] };
      providers.set(row.id, provider);
    }
    const { transportMethod, currencyCode, baseCostCents, perKmCostCents } = row;
    // The left join's nulls: a 3PL without a rate card.
    if (
      transportMethod === null ||
      currencyCode === null ||
      baseCostCents === null ||
      perKmCostCents === null
    ) {
      continue;
    }
    provider.rateCards.push({
      transportMethod,
      baseCost: { centAmount: baseCostCents, currencyCode },
      perKmCost: { centAmount: perKmCostCents, currencyCode },
    });
  }
  return [...providers.values()];
}
