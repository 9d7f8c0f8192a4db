// The administrator's marketplace page: the organisation's carriers and its auto-accept setting.
import { kysely } from "@/lib/db";
import { transportMethodsColumn } from "@/lib/marketplace/transport-methods-column";
import type { MarketplaceCarrierKind, TransportMethod } from "@/lib/generated/prisma/enums";

export type CarrierListItem = {
  id: string;
  name: string;
  email: string;
  kind: MarketplaceCarrierKind;
  transportMethods: TransportMethod[];
  postcodeAreas: string[];
  /** Null while the invitation is pending. */
  joinedAt: string | null;
};

export async function listCarriers(organisationId: string): Promise<CarrierListItem[]> {
  const rows = await kysely()
    .selectFrom("MarketplaceCarrier as c")
    .innerJoin("User as u", "u.id", "c.userId")
    .select(["c.id", "c.name", "u.email", "c.kind", "c.postcodeAreas", "c.joinedAt"])
    .select(transportMethodsColumn())
    .where("c.organisationId", "=", organisationId)
    .orderBy("c.name")
    .orderBy("c.id")
    .execute();
  return rows.map((row) => ({ ...row, joinedAt: row.joinedAt?.toISOString() ?? null }));
}

export async function marketplaceAutoAccept(organisationId: string): Promise<boolean> {
  const organisation = await kysely()
    .selectFrom("Organisation")
    .select("marketplaceAutoAccept")
    .where("id", "=", organisationId)
    .executeTakeFirstOrThrow();
  return organisation.marketplaceAutoAccept;
}

export async function setMarketplaceAutoAccept(organisationId: string, enabled: boolean): Promise<void> {
  await kysely()
    .updateTable("Organisation")
    .set({ marketplaceAutoAccept: enabled })
    .where("id", "=", organisationId)
    .execute();
}
