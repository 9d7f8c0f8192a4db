import { describe, expect, it } from "vitest";
import type { ResolverOptions } from "react-hook-form";
import { stepOfFields, wizardResolver } from "@/lib/movement-requests/wizard/step-resolver";
import { keysOfStep, type WizardInput, type WizardStep } from "@/lib/movement-requests/wizard/wizard-schema";

function resolve(step: WizardStep, values: Partial<WizardInput>) {
  // As trigger() calls it on Continue: the names are the step's own keys.
  const options = { fields: {}, names: [...keysOfStep(step)], shouldUseNativeValidation: false };
  return wizardResolver(values as WizardInput, undefined, options as ResolverOptions<WizardInput>);
}

describe("stepOfFields", () => {
  it("is the step of the fields checked, or the whole form when they span steps", () => {
    expect(stepOfFields(["vehicle.vrm"])).toBe("vehicle");
    expect(stepOfFields(["origin", "readyWhen", "confirmedBy"])).toBe("origin");
    expect(stepOfFields(["transportMethod", "thirdPartyLogisticsProviderId"])).toBe("dispatch");
    expect(stepOfFields(["vehicle.vrm", "destination.deliveryByDate"])).toBe("review");
    expect(stepOfFields(undefined)).toBe("review");
  });
});

describe("wizardResolver", () => {
  it("checks only the step on screen, with messages for people", async () => {
    const { errors } = await resolve("origin", {
      vehicle: {},
      readyWhen: "now",
      origin: { location: { type: "INTERNAL", siteId: undefined as unknown as string } },
    });
    expect(Object.keys(errors)).toEqual(["origin"]);
    expect(errors.origin?.location?.siteId?.message).toBe("Choose the site the vehicle is collected from");
  });

  it("says a vehicle needs a VIN or a VRM, and keeps the API's wording for a wrong one", async () => {
    const missing = await resolve("vehicle", { vehicle: {}, businessArea: "Retail" });
    expect(missing.errors.vehicle?.vin?.message).toBe("Enter a VIN or a registration mark (VRM)");
    const wrong = await resolve("vehicle", { vehicle: { vin: "TOO-SHORT" }, businessArea: "Retail" });
    expect(wrong.errors.vehicle?.vin?.message).toBe(
      "Not a valid VIN: 17 letters and digits, without I, O or Q",
    );
  });

  it("names the missing deadline instead of the API's format message", async () => {
    const { errors } = await resolve("destination", {
      destination: { location: { type: "INTERNAL", siteId: "site" } } as WizardInput["destination"],
    });
    expect(errors.destination?.deliveryByDate?.message).toBe("Enter the date it must be delivered by");
  });

  it("returns the whole form's parsed values only on the review step", async () => {
    const values: WizardInput = {
      vehicle: { vin: "wf0xxxgcdx1234567" },
      businessArea: "Retail",
      readyWhen: "now",
      origin: { location: { type: "INTERNAL", siteId: "a" } },
      destination: { location: { type: "INTERNAL", siteId: "b" }, deliveryByDate: "2026-12-01" },
      transportMethod: "DRIVEN",
      profileId: "p",
      dispatchTo: "planningPool",
    };
    const review = await resolve("review", values);
    expect(review.errors).toEqual({});
    expect((review.values as WizardInput).vehicle.vin).toBe("WF0XXXGCDX1234567");
  });
});

describe("wizardResolver on radio groups", () => {
  it("treats a group with nothing checked (null) as missing", async () => {
    const options = { fields: {}, names: ["vehicle", "businessArea"], shouldUseNativeValidation: false };
    const { errors } = await wizardResolver(
      { vehicle: { vrm: "AB12 CDE" }, businessArea: null } as unknown as WizardInput,
      undefined,
      options as ResolverOptions<WizardInput>,
    );
    expect(errors.businessArea?.message).toBe("Choose a business area");
  });
});
