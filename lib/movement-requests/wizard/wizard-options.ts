// What the create wizard needs to know about the organisation, serialisable from the server page to
// the client form: its sites (with coordinates and clocks), the profiles staff may act for with their
// configured 3PLs, and the internal rate cards that price the planning pool.
import type { TransportMethod } from "@/lib/generated/prisma/enums";

export type WizardRateCard = {
  transportMethod: TransportMethod;
  baseCostCents: number;
  perKmCostCents: number;
  currencyCode: string;
};

export type WizardSite = {
  id: string;
  name: string;
  code: string;
  city: string;
  postcode: string;
  countryCode: string;
  /** The site's explicit zone; null lets the country decide (resolveSiteTimeZone). */
  timezone: string | null;
  latitude: number;
  longitude: number;
  isPrepSite: boolean;
};

export type WizardProvider = {
  id: string;
  name: string;
  transportMethods: TransportMethod[];
  rateCards: WizardRateCard[];
};

export type WizardProfile = { id: string; name: string; providers: WizardProvider[] };

export type WizardOptions = {
  currencyCode: string;
  sites: WizardSite[];
  /** Oldest first: the first is the default profile staff act for. */
  profiles: WizardProfile[];
  internalRateCards: WizardRateCard[];
};
