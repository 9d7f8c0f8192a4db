// A movement request of organisation A created in the planning pool between two of its GB sites, then
// cancelled: the one movement.cancelled webhook a test's receiver waits for.
import { expect, type APIRequestContext } from "@playwright/test";
import { env } from "@/lib/env";

type Vehicle = { vin: string; make: string; model: string; externalVehicleId: string };

export async function createAndCancelMovement(request: APIRequestContext, vehicle: Vehicle): Promise<string> {
  const integration = { "X-Service-API-Key": env().DEMO_API_KEY_A };
  const sites = (
    (await (await request.get("/v1/infrastructure/sites", { headers: integration })).json()) as {
      data: { id: string; isPrepSite: boolean; countryCode: string }[];
    }
  ).data.filter((site) => !site.isPrepSite && site.countryCode === "GB");
  const created = await request.post("/v1/movement-requests/create-in-planning-pool", {
    headers: integration,
    data: {
      vehicle,
      origin: { location: { type: "INTERNAL", siteId: sites[0]!.id } },
      destination: { location: { type: "INTERNAL", siteId: sites[1]!.id }, deliveryByDate: "2027-03-01" },
      businessArea: "Retail",
      transportMethod: "DRIVEN",
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  expect((await request.post(`/v1/movement-requests/${id}/cancel`, { headers: integration })).status()).toBe(
    200,
  );
  return id;
}
