import { newId } from "@/lib/ids";
import type { Prisma } from "@/lib/generated/prisma/client";
import { nextSequence, type FactoryDb } from "./db";

export type SiteInput = { organisationId: string } & Partial<Prisma.SiteUncheckedCreateInput>;

/** Defaults to a GB dealership in Manchester whose zone is derived from its country. */
export function createSite(db: FactoryDb, input: SiteInput) {
  const n = nextSequence();
  return db.site.create({
    data: {
      id: newId(),
      name: `Test Site ${n}`,
      code: `TS${n}`,
      countryCode: "GB",
      timezone: null,
      addressLine1: `${n} Test Street`,
      city: "Manchester",
      postcode: "M1 1AA",
      latitude: 53.4808,
      longitude: -2.2426,
      isPrepSite: false,
      ...input,
    },
  });
}
