// The create wizard's choices for one organisation: its sites, its profiles (oldest first, each with the
// 3PLs configured for it) and its internal rate cards. Every query is scoped to the organisation.
import "server-only";
import { kysely, sql } from "@/lib/db";
import type { RateCard, TransportMethod } from "@/lib/generated/prisma/client";
import type { WizardOptions, WizardRateCard } from "@/lib/movement-requests/wizard/wizard-options";

export async function getWizardOptions(organisationId: string): Promise<WizardOptions> {
  const kdb = kysely();
  const [organisation, sites, profiles, providers, providerRateCards, internalRateCards] = await Promise.all([
    kdb
      .selectFrom("Organisation")
      .select("currencyCode")
      .where("id", "=", organisationId)
      .executeTakeFirstOrThrow(),
    kdb
      .selectFrom("Site")
      .selectAll()
      .where("organisationId", "=", organisationId)
      .orderBy("name")
      .orderBy("id")
      .execute(),
    kdb
      .selectFrom("Profile")
      .select(["id", "name"])
      .where("organisationId", "=", organisationId)
      .orderBy("createdAt")
      .orderBy("id")
      .execute(),
    kdb
      .selectFrom("ProfileProvider as pp")
      .innerJoin("Profile", "Profile.id", "pp.profileId")
      .innerJoin("ThirdPartyLogisticsProvider as provider", "provider.id", "pp.providerId")
      .select(["pp.profileId", "provider.id", "provider.name"])
      // pg has no parser for an array of a PostgreSQL enum (docs/data-layer.md).
      .select(sql<TransportMethod[]>`provider."transportMethods"::text[]`.as("transportMethods"))
      .where("Profile.organisationId", "=", organisationId)
      .execute(),
    kdb
      .selectFrom("RateCard")
      .selectAll("RateCard")
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom("ProfileProvider as pp")
            .innerJoin("Profile", "Profile.id", "pp.profileId")
            .select("pp.providerId")
            .whereRef("pp.providerId", "=", "RateCard.providerId")
            .where("Profile.organisationId", "=", organisationId),
        ),
      )
      .orderBy("transportMethod")
      .execute(),
    kdb
      .selectFrom("RateCard")
      .selectAll()
      .where("organisationId", "=", organisationId)
      .orderBy("transportMethod")
      .execute(),
  ]);
  return {
    currencyCode: organisation.currencyCode,
    sites: sites.map((site) => ({
      id: site.id,
      name: site.name,
      code: site.code,
      city: site.city,
      postcode: site.postcode,
      countryCode: site.countryCode,
      timezone: site.timezone,
      latitude: site.latitude,
      longitude: site.longitude,
      isPrepSite: site.isPrepSite,
    })),
    profiles: profiles.map((profile) => ({
      id: profile.id,
      name: profile.name,
      providers: providers
        .filter((provider) => provider.profileId === profile.id)
        .map((provider) => ({
          id: provider.id,
          name: provider.name,
          transportMethods: provider.transportMethods,
          rateCards: providerRateCards
            .filter((card) => card.providerId === provider.id)
            .map(toWizardRateCard),
        }))
        .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id)),
    })),
    internalRateCards: internalRateCards.map(toWizardRateCard),
  };
}

function toWizardRateCard(
  card: Pick<RateCard, "transportMethod" | "baseCostCents" | "perKmCostCents" | "currencyCode">,
): WizardRateCard {
  return {
    transportMethod: card.transportMethod,
    baseCostCents: card.baseCostCents,
    perKmCostCents: card.perKmCostCents,
    currencyCode: card.currencyCode,
  };
}
