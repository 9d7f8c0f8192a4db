// A vehicle of organisation A on the road, reporting where it is, as a telematics integration would:
// a request to a driver, collected, then positions over the operations API.
//   import { onTheRoad, reportPosition } from "../support/vehicle-on-the-road";
import { expect, type APIRequestContext } from "@playwright/test";
import { driversOfA, operations, poolRequest } from "./carrier-phone";

/** A request of A with `vrm`, a driver assigned and the vehicle collected: its leg is on the road. */
export async function onTheRoad(request: APIRequestContext, vrm: string): Promise<string> {
  const id = await poolRequest(request, vrm);
  const [driver] = await driversOfA(request);
  for (const [operation, data] of [
    ["assign", { driverId: driver!.id }],
    ["collected", undefined],
  ] as const) {
    const response = await request.post(`/v1/operations/movement-requests/${id}/${operation}`, {
      headers: operations(),
      ...(data ? { data } : {}),
    });
    expect(response.status(), operation).toBe(200);
  }
  return id;
}

export async function reportPosition(
  request: APIRequestContext,
  id: string,
  latitude: number,
  longitude: number,
): Promise<void> {
  const response = await request.post(`/v1/operations/movement-requests/${id}/positions`, {
    headers: operations(),
    data: { positions: [{ latitude, longitude, recordedAt: new Date().toISOString() }] },
  });
  expect(response.status()).toBe(202);
}
