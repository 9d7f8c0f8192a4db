// The create wizard's choices for one organisation: its sites, its profiles (oldest first, each with the
// 3PLs configured for it) and its internal rate cards. Every query is scoped to the organisation.
import "server-only";
import { db } from "@/lib/db";
import type { RateCard } from "@/lib/generated/prisma/client";
import type { WizardOptions, WizardRateCard } from "@/lib/movement-requests/wizard/wizard-options";

export async function getWizardOptions(organisationId: string): Promise<WizardOptions> {
  const [organisation, sites, profiles, internalRateCards] = await Promise.all([
    db().organisation.findUniqueOrThrow({ where: { id: organisationId }, select: { currencyCode: true } }),
    db().site.findMany({ where: { organisationId }, orderBy: [{ name: "asc" }, { id: "asc" }] }),
    db().profile.findMany({
      where: { organisationId },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      include: {
        providers: {
          include: { provider: { include: { rateCards: { orderBy: { transportMethod: "asc" } } } } },
        },
      },
    }),
    db().rateCard.findMany({ where: { organisationId }, orderBy: { transportMethod: "asc" } }),
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
      providers: profile.providers
        .map(({ provider }) => ({
          id: provider.id,
          name: provider.name,
          transportMethods: provider.transportMethods,
          rateCards: provider.rateCards.map(toWizardRateCard),
        }))
        .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id)),
    })),
    internalRateCards: internalRateCards.map(toWizardRateCard),
  };
}

function toWizardRateCard(card: RateCard): WizardRateCard {
  return {
    transportMethod: card.transportMethod,
    baseCostCents: card.baseCostCents,
    perKmCostCents: card.perKmCostCents,
    currencyCode: card.currencyCode,
  };
}
