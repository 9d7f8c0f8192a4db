import { newId } from "@/lib/ids";
import { TransportMethod } from "@/lib/generated/prisma/client";
import type { FactoryDb } from "./db";

export type InternalRateCardInput = {
  organisationId: string;
  transportMethod?: TransportMethod;
  baseCostCents?: number;
  perKmCostCents?: number;
  currencyCode?: string;
};

/** The organisation's own price for a method, used to price planning-pool requests. */
export function createInternalRateCard(db: FactoryDb, input: InternalRateCardInput) {
  const transportMethod = input.transportMethod ?? TransportMethod.DRIVEN;
  const driven = transportMethod === TransportMethod.DRIVEN;
  return db.rateCard.create({
    data: {
      id: newId(),
      organisationId: input.organisationId,
      transportMethod,
      currencyCode: input.currencyCode ?? "GBP",
      baseCostCents: input.baseCostCents ?? (driven ? 2500 : 6000),
      perKmCostCents: input.perKmCostCents ?? (driven ? 60 : 120),
    },
  });
}
