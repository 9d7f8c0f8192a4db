// The wizard's errors: which form paths have a control (where a server error shows inline), which
// errors belong to a step (in the order of its fields on screen), and whether a step is complete.
import type { FieldErrors } from "react-hook-form";
import {
  keysOfStep,
  stepOfPath,
  stepSchemas,
  type WizardInput,
  type WizardStep,
} from "@/lib/movement-requests/wizard/wizard-schema";
import type { SummaryError } from "./error-summary";

// Every path a control is registered under: where a server error can be shown inline.
export const FIELD_PATHS = new Set([
  "vehicle.vin",
  "vehicle.vrm",
  "vehicle.make",
  "vehicle.model",
  "vehicle.modelVariant",
  "vehicle.externalVehicleId",
  "businessArea",
  "origin.location.siteId",
  "readyWhen",
  "origin.readyToCollectFromDate",
  "origin.readyToCollectFromTimeslot",
  "confirmedBy",
  "destination.location.siteId",
  "destination.deliveryByDate",
  "destination.deliveryByTime",
  "destination.deliveryByTimeslot",
  "transportMethod",
  "profileId",
  "dispatchTo",
  "thirdPartyLogisticsProviderId",
  "notes",
  "requestedBy",
  "externalId",
  "customer.name",
  "customer.email",
  "customer.phone",
]);

/** A step's own schema, on the values as they are: is it complete (without showing anything)? */
export function isStepComplete(step: WizardStep, values: WizardInput): boolean {
  const owned = Object.fromEntries(
    keysOfStep(step)
      .filter((key) => key in values)
      .map((key) => [key, values[key as keyof WizardInput]]),
  );
  return stepSchemas[step].safeParse(owned).success;
}

/** The errors shown on a step, in the order of FIELD_PATHS (the order of the fields on screen). */
export function errorsOfStep(
  errors: FieldErrors<WizardInput>,
  step: WizardStep,
): (SummaryError & { server: boolean })[] {
  const flat = flattenErrors(errors);
  const order = [...FIELD_PATHS];
  return flat
    .filter((error) => stepOfPath(error.path) === step || (step === "review" && !FIELD_PATHS.has(error.path)))
    .sort((a, b) => rank(order, a.path) - rank(order, b.path));
}

function rank(order: string[], path: string): number {
  const position = order.indexOf(path);
  return position === -1 ? order.length : position;
}

function flattenErrors(errors: unknown, prefix = ""): (SummaryError & { server: boolean })[] {
  if (!errors || typeof errors !== "object") return [];
  const result: (SummaryError & { server: boolean })[] = [];
  const node = errors as { message?: unknown; type?: unknown };
  if (typeof node.message === "string" && prefix) {
    result.push({ path: prefix, message: node.message, server: node.type === "server" });
  }
  for (const [key, value] of Object.entries(errors)) {
    if (key === "ref" || key === "message" || key === "type" || key === "types" || key === "root") continue;
    result.push(...flattenErrors(value, prefix ? `${prefix}.${key}` : key));
  }
  return result;
}
