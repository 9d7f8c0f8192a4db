// Request bodies of the operations API (extensions section 6): one schema per endpoint, used by the
// route handlers, the dispatcher UI's forms and the OpenAPI document.
import { z } from "zod";
import { calendarDateSchema, identifierSchema, moneySchema, textUpTo } from "@/lib/schemas/common";
import { ABORT_REASONS } from "@/lib/schemas/movement-wire";

export const ABORT_DETAIL_MAX = 1024;
export const MAX_OFFERED_DRIVERS = 50;

const legNumberSchema = z.int().min(1).max(100).describe("1-based number of the leg");

export const abortReasonSchema = z.enum(ABORT_REASONS);

const ASSIGN_FORMS = ["driverId", "driverIds", "offerToDriverId", "thirdPartyLogisticsProviderId"] as const;

/**
 * Exactly one form: `{driverId, legNumber?}` plans a leg with an own driver; `{offerToDriverId}` offers
 * the request to one driver, `{driverIds}` to several; `{thirdPartyLogisticsProviderId}` dispatches it.
 */
export const assignBody = z
  .strictObject({
    driverId: identifierSchema
      .optional()
      .describe("Plan with this own driver: no acceptance needed (PLANNED / PARTIALLY_PLANNED)"),
    legNumber: legNumberSchema
      .optional()
      .describe("With driverId only; default: every leg without a carrier, else leg 1"),
    driverIds: z
      .array(identifierSchema)
      .min(2, "Offer to at least two drivers (or use offerToDriverId)")
      .max(MAX_OFFERED_DRIVERS)
      .refine((ids) => new Set(ids).size === ids.length, "The driver ids must be distinct")
      .optional()
      .describe("Offer to several drivers: the first to accept wins (SENT_TO_MULTIPLE_DRIVERS)"),
    offerToDriverId: identifierSchema
      .optional()
      .describe("Offer to one driver, who must accept (SENT_TO_DRIVER)"),
    thirdPartyLogisticsProviderId: identifierSchema
      .optional()
      .describe("Dispatch to a 3PL configured for the profile, which must accept (SENT_TO_3PL)"),
  })
  .superRefine((body, ctx) => {
    const given = ASSIGN_FORMS.filter((form) => body[form] !== undefined);
    if (given.length !== 1) {
      ctx.addIssue({
        code: "custom",
        path: given.length > 1 ? [given[1] as string] : [],
        message: `Give exactly one of ${ASSIGN_FORMS.join(", ")}`,
      });
    }
    if (body.legNumber !== undefined && body.driverId === undefined) {
      ctx.addIssue({ code: "custom", path: ["legNumber"], message: "legNumber goes with driverId only" });
    }
  })
  .transform((body): AssignCommand => {
    if (body.driverId !== undefined) {
      return { action: "planWithDriver", driverId: body.driverId, legNumber: body.legNumber };
    }
    if (body.thirdPartyLogisticsProviderId !== undefined) {
      return { action: "sendToThirdPartyLogistics", providerId: body.thirdPartyLogisticsProviderId };
    }
    return body.driverIds
      ? { action: "offerToDrivers", driverIds: body.driverIds, path: "driverIds" }
      : { action: "offerToDrivers", driverIds: [body.offerToDriverId ?? ""], path: "offerToDriverId" };
  });

export type AssignCommand =
  | { action: "planWithDriver"; driverId: string; legNumber?: number }
  | { action: "offerToDrivers"; driverIds: string[]; path: "driverIds" | "offerToDriverId" }
  | { action: "sendToThirdPartyLogistics"; providerId: string };

/** Optional: only a driver accepting a multiple-driver offer names itself. */
export const acceptBody = z
  .strictObject({
    driverId: identifierSchema
      .optional()
      .describe("The accepting driver: required for SENT_TO_MULTIPLE_DRIVERS, checked for SENT_TO_DRIVER"),
  })
  .optional();
export type AcceptBody = z.infer<typeof acceptBody>;

const legEventFields = {
  on: calendarDateSchema.optional().describe("Actual date; default: today at the site"),
  legNumber: legNumberSchema.optional(),
};

export const collectedBody = z
  .strictObject({
    ...legEventFields,
    legNumber: legEventFields.legNumber.describe("Default: the first open leg that has a carrier"),
  })
  .optional();
export type CollectedBody = z.infer<typeof collectedBody>;

export const deliveredBody = z
  .strictObject({
    ...legEventFields,
    legNumber: legEventFields.legNumber.describe("Default: the leg in progress"),
  })
  .optional();
export type DeliveredBody = z.infer<typeof deliveredBody>;

export const abortedBody = z.strictObject({
  reason: abortReasonSchema.describe("Published as abortReason"),
  detail: textUpTo(ABORT_DETAIL_MAX).optional().describe("Stored for staff, never published"),
});
export type AbortedBody = z.infer<typeof abortedBody>;

/** The carrier's final price (issue 17): whole minor units, never negative. */
export const finalPriceBody = z.strictObject({
  cost: moneySchema.extend({
    centAmount: z
      .int()
      .min(0, "A price cannot be negative")
      .max(2_000_000_000) // the column is a 32-bit integer
      .describe("Minor currency units"),
    currencyCode: z
      .string()
      .regex(/^[A-Z]{3}$/, "An ISO 4217 code in capitals, such as GBP")
      .describe("ISO 4217; the estimate's currency when the request has an estimate"),
  }),
});
export type FinalPriceBody = z.infer<typeof finalPriceBody>;
