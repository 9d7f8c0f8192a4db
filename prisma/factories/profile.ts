import { newId } from "@/lib/ids";
import type { Prisma } from "@/lib/generated/prisma/client";
import { nextSequence, type FactoryDb } from "./db";

export type ProfileInput = { organisationId: string } & Partial<Prisma.ProfileUncheckedCreateInput>;

export function createProfile(db: FactoryDb, input: ProfileInput) {
  const n = nextSequence();
  return db.profile.create({
    data: { id: newId(), name: `Profile ${n}`, ownerEmail: `owner${n}@example.test`, ...input },
  });
}
