import { hashPassword } from "@/lib/auth/password";
import { newId } from "@/lib/ids";
import { UserRole } from "@/lib/generated/prisma/client";
import { nextSequence, type FactoryDb } from "./db";

export const DEFAULT_TEST_PASSWORD = "test-password";

export type UserInput = {
  organisationId: string;
  email?: string;
  name?: string;
  role?: UserRole;
  /** Plaintext; stored as a bcrypt hash. */
  password?: string;
  /** Prep sites the user works at (UserPrepSite rows). */
  prepSiteIds?: string[];
};

export async function createUser(db: FactoryDb, input: UserInput) {
  const n = nextSequence();
  const id = newId();
  const user = await db.user.create({
    data: {
      id,
      organisationId: input.organisationId,
      email: input.email ?? `user${n}-${id.toLowerCase()}@example.test`,
      name: input.name ?? `Test User ${n}`,
      role: input.role ?? UserRole.DISPATCHER,
      passwordHash: await hashPassword(input.password ?? DEFAULT_TEST_PASSWORD),
    },
  });
  if (input.prepSiteIds?.length) {
    await db.userPrepSite.createMany({
      data: input.prepSiteIds.map((siteId) => ({
        organisationId: input.organisationId,
        userId: user.id,
        siteId,
      })),
    });
  }
  return user;
}
