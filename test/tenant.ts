// A whole tenant for a test: organisation, profile, an integration key and an operations key.
import { createApiKey } from "@/prisma/factories/api-key";
import type { FactoryDb } from "@/prisma/factories/db";
import { createOrganisation, type OrganisationOverrides } from "@/prisma/factories/organisation";
import { createProfile } from "@/prisma/factories/profile";

export async function createTenant(db: FactoryDb, organisation: OrganisationOverrides = {}) {
  const org = await createOrganisation(db, organisation);
  const profile = await createProfile(db, { organisationId: org.id });
  const integration = await createApiKey(db, { profileId: profile.id, scopes: ["integration"] });
  const operations = await createApiKey(db, { profileId: profile.id, scopes: ["operations"] });
  return { organisation: org, profile, integrationKey: integration.key, operationsKey: operations.key };
}

export type Tenant = Awaited<ReturnType<typeof createTenant>>;
