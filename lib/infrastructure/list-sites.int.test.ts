import { beforeAll, describe, expect, it } from "vitest";
import { GET as listSitesRoute } from "@/app/v1/infrastructure/sites/route";
import type { SiteResponse } from "@/lib/infrastructure/schemas";
import { callRoute } from "@/test/call-route";
import { createTenant, type Tenant } from "@/test/tenant";
import { setupTestDatabase } from "@/test/test-database";
import { createSite } from "@/prisma/factories/site";

const database = setupTestDatabase();
let tenantA: Tenant;
let tenantB: Tenant;

beforeAll(async () => {
  tenantA = await createTenant(database.prisma);
  tenantB = await createTenant(database.prisma);
  const organisationId = tenantA.organisation.id;
  await createSite(database.prisma, {
    organisationId,
    name: "A Manchester",
    countryCode: "GB",
    isPrepSite: true,
  });
  await createSite(database.prisma, {
    organisationId,
    name: "A Yokohama",
    countryCode: "JP",
    addressLine2: "Floor 2",
  });
  await createSite(database.prisma, { organisationId, name: "A Dallas", countryCode: "US" });
  await createSite(database.prisma, {
    organisationId,
    name: "A Chicago",
    countryCode: "US",
    timezone: "America/Chicago",
  });
  await createSite(database.prisma, { organisationId: tenantB.organisation.id, name: "B Leeds" });
});

async function listSites(apiKey: string): Promise<SiteResponse[]> {
  const response = await callRoute(listSitesRoute, { path: "/v1/infrastructure/sites", apiKey });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("application/json");
  return ((await response.json()) as { data: SiteResponse[] }).data;
}

describe("GET /v1/infrastructure/sites", () => {
  it("lists only the caller's organisation's sites, by name", async () => {
    const names = (await listSites(tenantA.integrationKey)).map((site) => site.name);
    expect(names).toEqual(["A Chicago", "A Dallas", "A Manchester", "A Yokohama"]);
    expect((await listSites(tenantB.integrationKey)).map((site) => site.name)).toEqual(["B Leeds"]);
  });

  it("returns the documented shape, with the zone derived from the country unless set", async () => {
    const sites = await listSites(tenantA.integrationKey);
    const byName = new Map(sites.map((site) => [site.name, site]));
    expect(byName.get("A Manchester")).toEqual({
      id: expect.any(String),
      name: "A Manchester",
      code: expect.any(String),
      countryCode: "GB",
      timezone: "Europe/London",
      address: { line1: expect.any(String), city: "Manchester", postcode: "M1 1AA" },
      latitude: 53.4808,
      longitude: -2.2426,
      isPrepSite: true,
    });
    expect(byName.get("A Yokohama")).toMatchObject({ timezone: "Asia/Tokyo", address: { line2: "Floor 2" } });
    expect(byName.get("A Dallas")?.timezone).toBeNull();
    expect(byName.get("A Chicago")?.timezone).toBe("America/Chicago");
  });
});
