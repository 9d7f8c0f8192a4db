// The product as started by npm start delivers webhooks from its worker process: an event made
// through the API arrives, signed, at a receiver running in this test.
import { expect, test } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { env } from "@/lib/env";
import { startWebhookReceiver } from "@/test/webhook-receiver";

const integration = { "X-Service-API-Key": env().DEMO_API_KEY_A };
const operations = { "X-Service-API-Key": env().DEMO_OPS_API_KEY };

test("a movement collected through the API reaches a registered endpoint, signed", async ({ request }) => {
  const receiver = await startWebhookReceiver(200);
  try {
    const endpoint = await request.post("/v1/webhooks/endpoints", {
      headers: integration,
      data: { url: receiver.url, eventTypes: ["movement.collected"] },
    });
    expect(endpoint.status()).toBe(201);
    const { secret } = (await endpoint.json()) as { secret: string };

    const sites = (
      (await (await request.get("/v1/infrastructure/sites", { headers: integration })).json()) as {
        data: { id: string; isPrepSite: boolean; countryCode: string }[];
      }
    ).data.filter((site) => !site.isPrepSite && site.countryCode === "GB");
    const created = await request.post("/v1/movement-requests/create-in-planning-pool", {
      headers: integration,
      data: {
        vehicle: { vin: "WF0XXXGCDX9876543", make: "Ford", model: "Puma", externalVehicleId: "e2e-stock-1" },
        origin: { location: { type: "INTERNAL", siteId: sites[0]!.id } },
        destination: { location: { type: "INTERNAL", siteId: sites[1]!.id }, deliveryByDate: "2027-01-15" },
        businessArea: "Retail",
        transportMethod: "DRIVEN",
      },
    });
    expect(created.status()).toBe(201);
    const movement = (await created.json()) as { id: string };
    const drivers = (await (await request.get("/v1/operations/drivers", { headers: operations })).json()) as {
      data: { id: string }[];
    };
    const path = `/v1/operations/movement-requests/${movement.id}`;
    expect(
      (
        await request.post(`${path}/assign`, { headers: operations, data: { driverId: drivers.data[0]!.id } })
      ).status(),
    ).toBe(200);
    expect((await request.post(`${path}/collected`, { headers: operations })).status()).toBe(200);

    const [webhook] = await receiver.waitFor(1, 30_000);
    const verified = new Webhook(secret).verify(webhook!.body, {
      "webhook-id": webhook!.headers["hook-id"] as string,
      "webhook-timestamp": webhook!.headers["hook-timestamp"] as string,
      "webhook-signature": webhook!.headers["hook-signature"] as string,
    });
    expect(verified).toMatchObject({
      eventType: "movement.collected",
      reference: "e2e-stock-1",
      movement: { movementRequestId: movement.id, status: "IN_PROGRESS" },
    });
  } finally {
    await receiver.close();
  }
});
