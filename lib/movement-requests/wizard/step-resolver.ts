// The react-hook-form resolver of the wizard: it validates the step the checked fields belong to with
// that step's schema (a field on blur, a step on Continue), the whole form when the fields span steps
// (on submit), and words missing values for people.
import { toNestErrors } from "@hookform/resolvers";
import type { FieldError, FieldErrors, Resolver } from "react-hook-form";
import { WIZARD_PARSE_OPTIONS, wizardMessageOf } from "@/lib/movement-requests/wizard/wizard-messages";
import {
  keysOfStep,
  stepOfPath,
  stepSchemas,
  type WizardInput,
  type WizardStep,
  type WizardValues,
} from "@/lib/movement-requests/wizard/wizard-schema";

/** The step whose schema checks these fields: theirs when they share one, else the whole form. */
export function stepOfFields(names: readonly string[] | undefined): WizardStep {
  const steps = new Set((names ?? []).map(stepOfPath));
  const [only] = steps;
  return steps.size === 1 && only ? only : "review";
}

export const wizardResolver: Resolver<WizardInput, unknown, WizardValues> = async (
  values,
  _context,
  options,
) => {
  const step = stepOfFields(options.names as readonly string[] | undefined);
  // The step schemas are the API's strict objects: give each only the keys it owns.
  const owned = Object.fromEntries(
    keysOfStep(step)
      .filter((key) => key in values)
      .map((key) => [key, values[key as keyof WizardInput]]),
  );
  const result = await stepSchemas[step].safeParseAsync(owned, WIZARD_PARSE_OPTIONS);
  if (result.success) {
    // Only the whole form's output is ever submitted; a step's check leaves the values as they are.
    return { values: (step === "review" ? result.data : values) as WizardValues, errors: {} };
  }
  const flat: Record<string, FieldError> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join(".");
    flat[path] ??= { type: issue.code, message: wizardMessageOf(issue) };
  }
  return { values: {}, errors: toNestErrors(flat, options) as FieldErrors<WizardInput> };
};
