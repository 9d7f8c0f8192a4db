// What the board's filters and assign controls offer: the organisation's sites, its drivers and the
// 3PLs configured for any of its profiles.
import { db } from "@/lib/db";
import type { TransportMethod } from "@/lib/generated/prisma/enums";

export type BoardOptions = {
  sites: { id: string; name: string; code: string }[];
  /** Active drivers only: the ones a request can be given to (and the usual filter). */
  drivers: { id: string; name: string }[];
  providers: { id: string; name: string; transportMethods: TransportMethod[] }[];
};

export async function getBoardOptions(organisationId: string): Promise<BoardOptions> {
  const [sites, drivers, providers] = await Promise.all([
    db().site.findMany({
      where: { organisationId },
      orderBy: [{ name: "asc" }, { id: "asc" }],
      select: { id: true, name: true, code: true },
    }),
    db().driver.findMany({
      where: { organisationId, active: true },
      orderBy: [{ surname: "asc" }, { firstname: "asc" }, { id: "asc" }],
      select: { id: true, firstname: true, surname: true },
    }),
    db().thirdPartyLogisticsProvider.findMany({
      where: { profiles: { some: { profile: { organisationId } } } },
      orderBy: [{ name: "asc" }, { id: "asc" }],
      select: { id: true, name: true, transportMethods: true },
    }),
  ]);
  return {
    sites,
    drivers: drivers.map((driver) => ({ id: driver.id, name: `${driver.firstname} ${driver.surname}` })),
    providers,
  };
}
