// What the board's filters and assign controls offer: the organisation's sites, its drivers and the
// 3PLs configured for any of its profiles.
import { sql } from "@/lib/db";
import { readKysely } from "@/lib/read-replicas/read-kysely";
import type { TransportMethod } from "@/lib/generated/prisma/enums";

export type BoardOptions = {
  sites: { id: string; name: string; code: string }[];
  /** Active drivers only: the ones a request can be given to (and the usual filter). */
  drivers: { id: string; name: string }[];
  providers: { id: string; name: string; transportMethods: TransportMethod[] }[];
};

export async function getBoardOptions(organisationId: string): Promise<BoardOptions> {
  const kdb = await readKysely();
  const [sites, drivers, providers] = await Promise.all([
    kdb
      .selectFrom("Site")
      .select(["id", "name", "code"])
      .where("organisationId", "=", organisationId)
      .orderBy("name")
      .orderBy("id")
      .execute(),
    kdb
      .selectFrom("Driver")
      .select(["id", "firstname", "surname"])
      .where("organisationId", "=", organisationId)
      .where("active", "=", true)
      .orderBy("surname")
      .orderBy("firstname")
      .orderBy("id")
      .execute(),
    kdb
      .selectFrom("ThirdPartyLogisticsProvider as provider")
      .select(["provider.id", "provider.name"])
      // pg has no parser for an array of a PostgreSQL enum (docs/data-layer.md).
      .select(sql<TransportMethod[]>`provider."transportMethods"::text[]`.as("transportMethods"))
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom("ProfileProvider as pp")
            .innerJoin("Profile", "Profile.id", "pp.profileId")
            .select("pp.providerId")
            .whereRef("pp.providerId", "=", "provider.id")
            .where("Profile.organisationId", "=", organisationId),
        ),
      )
      .orderBy("provider.name")
      .orderBy("provider.id")
      .execute(),
  ]);
  return {
    sites,
    drivers: drivers.map((driver) => ({ id: driver.id, name: `${driver.firstname} ${driver.surname}` })),
    providers,
  };
}
