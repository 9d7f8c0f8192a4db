// What the seed steps share: each demo organisation with its rows, looked up by short keys.
import type {
  Driver,
  Organisation,
  Profile,
  RateCard,
  Site,
  ThirdPartyLogisticsProvider,
} from "@/lib/generated/prisma/client";

export type DemoOrganisation = {
  organisation: Organisation;
  profile: Profile;
  /** Identity of the integration API key: creator e-mail and audit actor. */
  integrationEmail: string;
  integrationActor: string;
  /** Audit actor of 3PL and driver-app updates; "system" when the organisation has no operations key. */
  operationsActor: string;
  dispatcherEmail: string;
  sites: Map<string, Site>;
  drivers: Map<string, Driver>;
  internalRateCards: RateCard[];
};

export type DemoProvider = ThirdPartyLogisticsProvider & { rateCards: RateCard[] };

export type DemoWorld = {
  now: Date;
  northgate: DemoOrganisation;
  harbour: DemoOrganisation;
  providers: Map<string, DemoProvider>;
};

export function lookup<T>(map: Map<string, T>, key: string, what: string): T {
  const value = map.get(key);
  if (value === undefined) throw new Error(`Unknown demo ${what} "${key}"`);
  return value;
}
