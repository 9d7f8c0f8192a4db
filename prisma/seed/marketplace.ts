// The demo marketplace carrier of Northgate (issue 16 §4): an account that has joined (its password is
// DEMO_PASSWORD), serving Manchester and Leeds, so that the marketplace request of the seed is on its
// jobs page at /carrier/jobs.
import { env } from "@/lib/env";
import { newId } from "@/lib/ids";
import { UserRole } from "@/lib/generated/prisma/client";
import { createUser, type FactoryDb } from "@/prisma/factories";

export const DEMO_CARRIER_EMAIL = "carrier@demo.test";

export async function createDemoMarketplaceCarrier(db: FactoryDb, organisationId: string, now: Date) {
  const user = await createUser(db, {
    organisationId,
    email: DEMO_CARRIER_EMAIL,
    name: "Moorland Vehicle Transfers",
    role: UserRole.CARRIER,
    password: env().DEMO_PASSWORD,
  });
  await db.marketplaceCarrier.create({
    data: {
      id: newId(),
      organisationId,
      userId: user.id,
      name: "Moorland Vehicle Transfers",
      kind: "THIRD_PARTY_LOGISTICS",
      transportMethods: ["DRIVEN", "TRANSPORTED"],
      postcodeAreas: ["LS", "M", "S"],
      joinedAt: now,
      invitedBy: "user:admin@demo.test",
    },
  });
}
