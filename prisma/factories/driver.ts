import { newId } from "@/lib/ids";
import type { Prisma } from "@/lib/generated/prisma/client";
import { nextSequence, type FactoryDb } from "./db";

export type DriverInput = { organisationId: string } & Partial<Prisma.DriverUncheckedCreateInput>;

export function createDriver(db: FactoryDb, input: DriverInput) {
  const n = nextSequence();
  return db.driver.create({
    data: { id: newId(), firstname: "Test", surname: `Driver ${n}`, active: true, ...input },
  });
}
