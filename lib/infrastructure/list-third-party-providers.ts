import type { ApiCaller } from "@/lib/auth/api-caller";
import { db } from "@/lib/db";
import type { ThirdPartyProviderResponse } from "@/lib/infrastructure/schemas";

/** The 3PLs configured for the caller's profile, by name, with their rate cards. */
export async function listThirdPartyProviders(
  caller: Pick<ApiCaller, "profileId">,
): Promise<ThirdPartyProviderResponse[]> {
  const providers = await db().thirdPartyLogisticsProvider.findMany({
    where: { profiles: { some: { profileId: caller.profileId } } },
    include: { rateCards: { orderBy: { transportMethod: "asc" } } },
    orderBy: [{ name: "asc" }, { id: "asc" }],
  });
  return providers.map((provider) => ({
    id: provider.id,
    name: provider.name,
    transportMethods: provider.transportMethods,
    rateCards: provider.rateCards.map((card) => ({
      transportMethod: card.transportMethod,
      baseCost: { centAmount: card.baseCostCents, currencyCode: card.currencyCode },
      perKmCost: { centAmount: card.perKmCostCents, currencyCode: card.currencyCode },
    })),
  }));
}
