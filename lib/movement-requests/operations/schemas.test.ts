import { describe, expect, it } from "vitest";
import {
  abortedBody,
  acceptBody,
  assignBody,
  collectedBody,
} from "@/lib/movement-requests/operations/schemas";

describe("assignBody", () => {
  it.each([
    [{ driverId: "d1" }, { action: "planWithDriver", driverId: "d1", legNumber: undefined }],
    [
      { driverId: "d1", legNumber: 2 },
      { action: "planWithDriver", driverId: "d1", legNumber: 2 },
    ],
    [{ offerToDriverId: "d1" }, { action: "offerToDrivers", driverIds: ["d1"], path: "offerToDriverId" }],
    [{ driverIds: ["d1", "d2"] }, { action: "offerToDrivers", driverIds: ["d1", "d2"], path: "driverIds" }],
    [{ thirdPartyLogisticsProviderId: "p1" }, { action: "sendToThirdPartyLogistics", providerId: "p1" }],
  ])("%o is %o", (input, command) => {
    expect(assignBody.parse(input)).toEqual(command);
  });

  it.each([
    {},
    { driverId: "d1", offerToDriverId: "d2" },
    { driverIds: ["d1", "d2"], thirdPartyLogisticsProviderId: "p1" },
    { driverIds: ["d1"] },
    { driverIds: ["d1", "d1"] },
    { thirdPartyLogisticsProviderId: "p1", legNumber: 1 },
    { driverId: "" },
    { driverId: "d1", legNumber: 1.5 },
  ])("refuses %o", (input) => {
    expect(assignBody.safeParse(input).success).toBe(false);
  });
});

describe("optional bodies", () => {
  it("accept, collected and delivered take no body", () => {
    expect(acceptBody.parse(undefined)).toBeUndefined();
    expect(collectedBody.parse(undefined)).toBeUndefined();
    expect(collectedBody.parse({ on: "2026-06-15", legNumber: 1 })).toEqual({
      on: "2026-06-15",
      legNumber: 1,
    });
  });

  it("aborted needs a reason from the closed set", () => {
    expect(abortedBody.safeParse(undefined).success).toBe(false);
    expect(abortedBody.safeParse({ reason: "NotOnSite" }).success).toBe(true);
    expect(abortedBody.safeParse({ reason: "notonsite" }).success).toBe(false);
  });
});
