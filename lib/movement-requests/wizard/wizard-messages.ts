// Field messages for people. The API's schemas speak to integrators ("Invalid input: expected string,
// received undefined"); a missing field in the wizard says what to do instead. Messages the schemas
// word themselves (an invalid VIN or VRM, a note that is too long) are kept as they are.
import type { z } from "zod";
import type { FieldError } from "@/lib/errors/app-error";
import { fieldErrorsOf } from "@/lib/http/validation";

const WHEN_MISSING: Record<string, string> = {
  "vehicle.vin": "Enter a VIN or a registration mark (VRM)",
  businessArea: "Choose a business area",
  "origin.location.siteId": "Choose the site the vehicle is collected from",
  "origin.readyToCollectFromDate": "Enter the date the vehicle is ready from, or choose “Ready now”",
  readyWhen: "Choose when the vehicle is ready",
  "destination.location.siteId": "Choose the site the vehicle goes to",
  "destination.deliveryByDate": "Enter the date it must be delivered by",
  transportMethod: "Choose how the vehicle travels",
  dispatchTo: "Choose where the request goes",
  profileId: "Choose the profile to act for",
  thirdPartyLogisticsProviderId: "Choose a logistics provider",
};

/** The message to show for one issue; parse with `reportInput: true` so that a missing value is seen. */
export function wizardMessageOf(issue: z.core.$ZodIssue): string {
  const path = issue.path.map(String).join(".");
  const missing =
    // An empty input is undefined; a radio group with nothing checked is null in react-hook-form.
    ("input" in issue && (issue.input === undefined || issue.input === null)) ||
    // The vehicle's "vin or vrm" refinement is reported on vin, with the whole vehicle as input.
    (path === "vehicle.vin" && issue.code === "custom" && typeof issue.input === "object");
  return (missing && WHEN_MISSING[path]) || issue.message;
}

/** Like fieldErrorsOf (the API's problem `errors`), with the wizard's messages. */
export function wizardFieldErrorsOf(error: z.ZodError): FieldError[] {
  const paths = fieldErrorsOf(error);
  return error.issues.map((issue, index) => ({
    path: paths[index]?.path ?? "",
    message: wizardMessageOf(issue),
  }));
}

/** Parse options that make wizardMessageOf able to tell a missing value from a wrong one. */
export const WIZARD_PARSE_OPTIONS = { reportInput: true } as const;
