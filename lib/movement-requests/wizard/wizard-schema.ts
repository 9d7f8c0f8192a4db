// The create wizard's form: one schema per step, each picked from the API's own body schema
// (createWithThirdPartyLogisticsBody, the superset of the two create bodies), plus the few choices that
// exist only in the wizard (ready now or later, pool or 3PL, the profile to act for). The whole form is
// the steps merged; toCreateBody() turns it into exactly one of the two API bodies.
import { z } from "zod";
import { createWithThirdPartyLogisticsBody } from "@/lib/movement-requests/schemas";
import { identifierSchema } from "@/lib/schemas/common";

const api = createWithThirdPartyLogisticsBody;

export const readyWhenSchema = z.enum(["now", "later"]);
export const dispatchToSchema = z.enum(["planningPool", "thirdPartyLogistics"]);
export type ReadyWhen = z.infer<typeof readyWhenSchema>;
export type DispatchTo = z.infer<typeof dispatchToSchema>;

// Unrefined step objects: refinements are added below, so that the whole form can merge their shapes.
const vehicleFields = api.pick({ vehicle: true, businessArea: true });
const originFields = api.pick({ origin: true, confirmedBy: true }).extend({ readyWhen: readyWhenSchema });
const destinationFields = api.pick({ destination: true });
const dispatchFields = api.pick({ transportMethod: true }).extend({
  profileId: identifierSchema,
  dispatchTo: dispatchToSchema,
  thirdPartyLogisticsProviderId: api.shape.thirdPartyLogisticsProviderId.optional(),
});
// The customer's three boxes left empty are no customer (the API's schema asks for an e-mail or phone).
type CustomerInput = z.input<typeof api.shape.customer>;
const noCustomerWhenEmpty = (value: CustomerInput) =>
  value && Object.values(value).every((field) => field === undefined) ? undefined : value;
const reviewFields = api
  .pick({ notes: true, requestedBy: true, externalId: true })
  .extend({ customer: z.preprocess(noCustomerWhenEmpty, api.shape.customer) });

type ReadyInput = { readyWhen: ReadyWhen; origin: { readyToCollectFromDate?: string } };
type DispatchInput = { dispatchTo: DispatchTo; thirdPartyLogisticsProviderId?: string };

// "Ready from a date" needs the date; "ready now" is the API's default (both fields omitted).
function readyLaterNeedsADate(value: ReadyInput, ctx: z.RefinementCtx) {
  if (value.readyWhen === "later" && value.origin.readyToCollectFromDate === undefined) {
    ctx.addIssue({
      code: "custom",
      path: ["origin", "readyToCollectFromDate"],
      message: "Enter the date the vehicle is ready from, or choose “Ready now”",
    });
  }
}

function thirdPartyLogisticsNeedsAProvider(value: DispatchInput, ctx: z.RefinementCtx) {
  if (value.dispatchTo === "thirdPartyLogistics" && value.thirdPartyLogisticsProviderId === undefined) {
    ctx.addIssue({
      code: "custom",
      path: ["thirdPartyLogisticsProviderId"],
      message: "Choose a logistics provider",
    });
  }
}

export const WIZARD_STEPS = ["vehicle", "origin", "destination", "dispatch", "review"] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export const STEP_TITLES: Record<WizardStep, string> = {
  vehicle: "Vehicle",
  origin: "Origin",
  destination: "Destination",
  dispatch: "Dispatch",
  review: "Review",
};

export const wizardSchema = z
  .strictObject({
    ...vehicleFields.shape,
    ...originFields.shape,
    ...destinationFields.shape,
    ...dispatchFields.shape,
    ...reviewFields.shape,
  })
  .superRefine(readyLaterNeedsADate)
  .superRefine(thirdPartyLogisticsNeedsAProvider);

/** What a step validates before the next one opens; the review step checks the whole form. */
export const stepSchemas = {
  vehicle: vehicleFields,
  origin: originFields.superRefine(readyLaterNeedsADate),
  destination: destinationFields,
  dispatch: dispatchFields.superRefine(thirdPartyLogisticsNeedsAProvider),
  review: wizardSchema,
} as const;

export type WizardInput = z.input<typeof wizardSchema>;
export type WizardValues = z.output<typeof wizardSchema>;

const STEP_KEYS: Record<Exclude<WizardStep, "review">, readonly string[]> = {
  vehicle: Object.keys(vehicleFields.shape),
  origin: Object.keys(originFields.shape),
  destination: Object.keys(destinationFields.shape),
  dispatch: Object.keys(dispatchFields.shape),
};

/** The top-level form keys a step owns (every key for the review step). */
export function keysOfStep(step: WizardStep): readonly string[] {
  if (step === "review") return Object.keys(wizardSchema.shape);
  return STEP_KEYS[step];
}

/** The step that shows a field, for a dot path such as "destination.location.siteId"; review if none. */
export function stepOfPath(path: string): WizardStep {
  const key = path.split(".")[0] ?? "";
  for (const step of WIZARD_STEPS) {
    if (step !== "review" && STEP_KEYS[step].includes(key)) return step;
  }
  return "review";
}
