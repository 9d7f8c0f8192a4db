import { describe, expect, it } from "vitest";
import {
  createInPlanningPoolBody,
  createWithThirdPartyLogisticsBody,
  NOTES_MAX,
} from "@/lib/movement-requests/schemas";
import { toCreateBody } from "@/lib/movement-requests/wizard/to-create-body";
import {
  keysOfStep,
  stepOfPath,
  stepSchemas,
  WIZARD_STEPS,
  wizardSchema,
  type WizardInput,
} from "@/lib/movement-requests/wizard/wizard-schema";

const ORIGIN = "01HORIGIN0000000000000000";
const DESTINATION = "01HDESTINATION00000000000";

function wizardInput(overrides: Partial<WizardInput> = {}): WizardInput {
  return {
    vehicle: { vin: "wf0xxxgcdx1234567", vrm: "AB12 CDE", make: "Ford", model: "Focus" },
    businessArea: "Retail",
    readyWhen: "now",
    origin: { location: { type: "INTERNAL", siteId: ORIGIN } },
    destination: { location: { type: "INTERNAL", siteId: DESTINATION }, deliveryByDate: "2026-12-01" },
    transportMethod: "DRIVEN",
    profileId: "profile-1",
    dispatchTo: "planningPool",
    ...overrides,
  };
}

describe("the wizard's step schemas", () => {
  it("are the API's own fields: a step refuses what the API refuses, with the API's message", () => {
    const result = stepSchemas.vehicle.safeParse({
      vehicle: { vrm: "NOT A PLATE 1" },
      businessArea: "Retail",
    });
    const api = createInPlanningPoolBody.shape.vehicle.safeParse({ vrm: "NOT A PLATE 1" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(api.error?.issues[0]?.message);
    expect(result.error?.issues[0]?.path).toEqual(["vehicle", "vrm"]);
  });

  it("applies the API's transforms (VINs are upper-cased)", () => {
    const result = stepSchemas.vehicle.parse({
      vehicle: { vin: "wf0xxxgcdx1234567" },
      businessArea: "Fleet",
    });
    expect(result.vehicle.vin).toBe("WF0XXXGCDX1234567");
  });

  it("counts the notes limit in code points, as the API does", () => {
    expect(stepSchemas.review.safeParse(wizardInput({ notes: "🚗".repeat(NOTES_MAX) })).success).toBe(true);
    const over = stepSchemas.review.safeParse(wizardInput({ notes: "a".repeat(NOTES_MAX + 1) }));
    expect(over.error?.issues.map((issue) => issue.path.join("."))).toEqual(["notes"]);
  });

  it("needs a date when the vehicle is not ready now", () => {
    const later = {
      readyWhen: "later" as const,
      origin: { location: { type: "INTERNAL" as const, siteId: ORIGIN } },
    };
    const result = stepSchemas.origin.safeParse(later);
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toEqual([
      "origin.readyToCollectFromDate",
    ]);
    expect(stepSchemas.origin.safeParse({ ...later, readyWhen: "now" }).success).toBe(true);
  });

  it("needs a provider when the request goes to a 3PL", () => {
    const dispatch = {
      transportMethod: "DRIVEN",
      profileId: "p",
      dispatchTo: "thirdPartyLogistics",
    } as const;
    const result = stepSchemas.dispatch.safeParse(dispatch);
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toEqual([
      "thirdPartyLogisticsProviderId",
    ]);
    expect(stepSchemas.dispatch.safeParse({ ...dispatch, thirdPartyLogisticsProviderId: "x" }).success).toBe(
      true,
    );
  });

  it("cover every field of the whole form exactly once", () => {
    const owned = WIZARD_STEPS.filter((step) => step !== "review").flatMap((step) => keysOfStep(step));
    const rest = Object.keys(wizardSchema.shape).filter((key) => !owned.includes(key));
    expect(new Set(owned).size).toBe(owned.length);
    expect(rest.sort()).toEqual(["customer", "externalId", "notes", "requestedBy"]);
    expect(keysOfStep("review")).toEqual(Object.keys(wizardSchema.shape));
  });
});

describe("stepOfPath", () => {
  it("finds the step that shows an API error's field", () => {
    expect(stepOfPath("vehicle.vrm")).toBe("vehicle");
    expect(stepOfPath("origin.location.siteId")).toBe("origin");
    expect(stepOfPath("destination.location.siteId")).toBe("destination");
    expect(stepOfPath("destination.deliveryByTime")).toBe("destination");
    expect(stepOfPath("transportMethod")).toBe("dispatch");
    expect(stepOfPath("thirdPartyLogisticsProviderId")).toBe("dispatch");
    expect(stepOfPath("notes")).toBe("review");
    expect(stepOfPath("")).toBe("review");
  });
});

describe("toCreateBody", () => {
  it("makes a planning-pool body the API accepts, omitting the ready fields for 'ready now'", () => {
    const values = wizardSchema.parse(
      wizardInput({
        origin: {
          location: { type: "INTERNAL", siteId: ORIGIN },
          readyToCollectFromDate: "2026-11-30",
          allowCollectionDateAdjustment: true,
        },
        destination: {
          location: { type: "INTERNAL", siteId: DESTINATION },
          deliveryByDate: "2026-12-01",
          deliveryByTime: "16:00",
          allowDeliveryDateAdjustment: false,
        },
        thirdPartyLogisticsProviderId: "left-over-choice",
        notes: "Keys at reception",
      }),
    );
    const { to, body } = toCreateBody(values);
    expect(to).toBe("planningPool");
    expect(body).toEqual({
      vehicle: { vin: "WF0XXXGCDX1234567", vrm: "AB12 CDE", make: "Ford", model: "Focus" },
      businessArea: "Retail",
      origin: { location: { type: "INTERNAL", siteId: ORIGIN } },
      destination: {
        location: { type: "INTERNAL", siteId: DESTINATION },
        deliveryByDate: "2026-12-01",
        deliveryByTime: "16:00",
      },
      transportMethod: "DRIVEN",
      notes: "Keys at reception",
    });
    expect(createInPlanningPoolBody.safeParse(body).success).toBe(true);
  });

  it("makes a 3PL body the API accepts, with the date adjustments and the ready date", () => {
    const values = wizardSchema.parse(
      wizardInput({
        readyWhen: "later",
        origin: {
          location: { type: "INTERNAL", siteId: ORIGIN },
          readyToCollectFromDate: "2026-11-30",
          readyToCollectFromTimeslot: "PM",
          allowCollectionDateAdjustment: true,
        },
        dispatchTo: "thirdPartyLogistics",
        thirdPartyLogisticsProviderId: "provider-1",
        transportMethod: "TRANSPORTED",
      }),
    );
    const { to, body } = toCreateBody(values);
    expect(to).toBe("thirdPartyLogistics");
    expect(body).toMatchObject({
      origin: {
        location: { type: "INTERNAL", siteId: ORIGIN },
        readyToCollectFromDate: "2026-11-30",
        readyToCollectFromTimeslot: "PM",
        allowCollectionDateAdjustment: true,
      },
      thirdPartyLogisticsProviderId: "provider-1",
      transportMethod: "TRANSPORTED",
    });
    expect(body).not.toHaveProperty("dispatchTo");
    expect(body).not.toHaveProperty("profileId");
    expect(createWithThirdPartyLogisticsBody.safeParse(body).success).toBe(true);
  });
});
