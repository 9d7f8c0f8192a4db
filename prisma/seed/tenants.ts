// The two demo organisations, their profiles and the fixed demo API keys (values from lib/env.ts).
import { env } from "@/lib/env";
import { ApiKeyScope, Plan } from "@/lib/generated/prisma/client";
import { createApiKey, createOrganisation, createProfile, type FactoryDb } from "@/prisma/factories";

export type DemoTenant = {
  organisationId: string;
  organisation: Awaited<ReturnType<typeof createOrganisation>>;
  profile: Awaited<ReturnType<typeof createProfile>>;
  integrationEmail: string;
  integrationActor: string;
  operationsActor: string;
};

export async function createNorthgate(db: FactoryDb): Promise<DemoTenant> {
  const organisation = await createOrganisation(db, {
    name: "Northgate Motors",
    plan: Plan.FREE,
    trackingEnabled: true,
    currencyCode: "GBP",
    // Proof of collection and delivery (docs/carrier-journey.md): the default minimum photo set, and
    // the proof of delivery shown to the customer on the tracking page.
    proofPhotoSlots: ["front_left", "front_right", "rear_left", "rear_right", "odometer"],
    proofOnTrackingPage: true,
    // The number a carrier's job page offers when the site has none of its own.
    dispatchPhone: "+441614960000",
  });
  const profile = await createProfile(db, {
    organisationId: organisation.id,
    name: "Northgate Motors integration",
    ownerEmail: "admin@demo.test",
  });
  const integration = await createApiKey(db, {
    profileId: profile.id,
    key: env().DEMO_API_KEY_A,
    name: "Demo integration key",
    scopes: [ApiKeyScope.integration],
    ownerEmail: "integrations@demo.test",
  });
  const operations = await createApiKey(db, {
    profileId: profile.id,
    key: env().DEMO_OPS_API_KEY,
    name: "Demo operations key",
    // With the recon approval scope, so that the demo's estimates can be approved through the API too.
    scopes: [ApiKeyScope.operations, ApiKeyScope.recon_approval],
    ownerEmail: "ops@demo.test",
  });
  return {
    organisationId: organisation.id,
    organisation,
    profile,
    integrationEmail: integration.record.ownerEmail,
    integrationActor: `api-key:${integration.record.prefix}`,
    operationsActor: `api-key:${operations.record.prefix}`,
  };
}

export async function createHarbour(db: FactoryDb): Promise<DemoTenant> {
  const organisation = await createOrganisation(db, {
    name: "Harbour Fleet",
    plan: Plan.PRO,
    trackingEnabled: false,
    currencyCode: "GBP",
    // A smaller minimum set: the front, the rear and the odometer.
    proofPhotoSlots: ["front", "rear", "odometer"],
  });
  const profile = await createProfile(db, {
    organisationId: organisation.id,
    name: "Harbour Fleet integration",
    ownerEmail: "dispatcher@other.test",
  });
  const integration = await createApiKey(db, {
    profileId: profile.id,
    key: env().DEMO_API_KEY_B,
    name: "Demo integration key",
    scopes: [ApiKeyScope.integration],
    ownerEmail: "integrations@other.test",
  });
  return {
    organisationId: organisation.id,
    organisation,
    profile,
    integrationEmail: integration.record.ownerEmail,
    integrationActor: `api-key:${integration.record.prefix}`,
    operationsActor: "system",
  };
}
