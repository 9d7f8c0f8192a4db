// Staff users; every one signs in with DEMO_PASSWORD.
import { env } from "@/lib/env";
import { UserRole, type Site } from "@/lib/generated/prisma/client";
import { createUser, type FactoryDb } from "@/prisma/factories";
import { lookup } from "./context";

export async function createNorthgateStaff(db: FactoryDb, organisationId: string, sites: Map<string, Site>) {
  const password = env().DEMO_PASSWORD;
  await createUser(db, {
    organisationId,
    email: "admin@demo.test",
    name: "Alex Morgan",
    role: UserRole.ADMIN,
    password,
  });
  await createUser(db, {
    organisationId,
    email: "dispatcher@demo.test",
    name: "Dana Whitfield",
    role: UserRole.DISPATCHER,
    password,
  });
  // Approves the recon estimates of every prep centre (issue 37).
  await createUser(db, {
    organisationId,
    email: "manager@demo.test",
    name: "Morgan Reyes",
    role: UserRole.RECON_MANAGER,
    password,
  });
  // Works at two of the three prep centres, so the kanban's site picker has something to hide.
  await createUser(db, {
    organisationId,
    email: "prep@demo.test",
    name: "Pat Okafor",
    role: UserRole.PREP_STAFF,
    password,
    prepSiteIds: [lookup(sites, "WRT1", "site").id, lookup(sites, "WKF1", "site").id],
  });
}

export async function createHarbourStaff(db: FactoryDb, organisationId: string) {
  await createUser(db, {
    organisationId,
    email: "dispatcher@other.test",
    name: "Bea Lindqvist",
    role: UserRole.DISPATCHER,
    password: env().DEMO_PASSWORD,
  });
}
