import { newId } from "@/lib/ids";
import type { Prisma } from "@/lib/generated/prisma/client";
import { nextSequence, type FactoryDb } from "./db";

export type OrganisationOverrides = Partial<Prisma.OrganisationUncheckedCreateInput>;

export function createOrganisation(db: FactoryDb, overrides: OrganisationOverrides = {}) {
  return db.organisation.create({
    data: { id: newId(), name: `Test Organisation ${nextSequence()}`, ...overrides },
  });
}
