// The marketplace carrier behind a CARRIER account: what every carrier action is scoped to.
import { kysely } from "@/lib/db";
import type { TransportMethod } from "@/lib/generated/prisma/enums";
import { transportMethodsColumn } from "@/lib/marketplace/transport-methods-column";

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
  const carrier = await kysely()
    .selectFrom("MarketplaceCarrier as c")
    .select(["c.id", "c.organisationId", "c.name", "c.postcodeAreas"])
    .select(transportMethodsColumn())
    .where("c.userId", "=", userId)
    .executeTakeFirst();
  if (!carrier) return null;
  const { id, ...rest } = carrier;
  return { carrierId: id, ...rest, actor: `carrier:${id}` };
}
