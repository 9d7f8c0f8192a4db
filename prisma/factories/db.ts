// What every factory writes through: the process client or an interactive transaction's client
// (a PrismaClient is assignable to it).
import type { Prisma } from "@/lib/generated/prisma/client";

export type FactoryDb = Prisma.TransactionClient;

let counter = 0;

/** A number unique within this process, for default names and codes that must not collide. */
export function nextSequence(): number {
  counter += 1;
  return counter;
}
