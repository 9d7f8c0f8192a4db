// The marketplace carrier behind a CARRIER account: what every carrier action is scoped to.
import { db } from "@/lib/db";
import type { TransportMethod } from "@/lib/generated/prisma/enums";

export type MarketplaceCarrierScope = {
  carrierId: string;
  organisationId: string;
  name: string;
  transportMethods: TransportMethod[];
  postcodeAreas: string[];
  /** For audit trails: "carrier:<id>". */
  actor: string;
};

export async function findCarrierOfUser(userId: string): Promise<MarketplaceCarrierScope | null> {
  const carrier = await db().marketplaceCarrier.findUnique({
    where: { userId },
    select: { id: true, organisationId: true, name: true, transportMethods: true, postcodeAreas: true },
  });
  if (!carrier) return null;
  const { id, ...rest } = carrier;
  return { carrierId: id, ...rest, actor: `carrier:${id}` };
}
