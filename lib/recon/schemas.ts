// Request and response shapes of the work-item endpoints (issue 37 §4): one schema per shape, used by
// the route handlers, the domain functions and the OpenAPI document. Safe in client components.
import { z } from "zod";
import {
  EstimateLineKind,
  OutboundWithOpenItems,
  ReconCategory,
  WorkItemState,
} from "@/lib/generated/prisma/enums";
import { requirementsToEnter, WAITING_FOR_ORDER } from "@/lib/recon/work-item-transitions";
import { calendarDateSchema, textUpTo } from "@/lib/schemas/common";

export const WORK_ITEM_DESCRIPTION_MAX = 1024;
export const ESTIMATE_LINE_DESCRIPTION_MAX = 200;
export const ESTIMATE_LINES_MAX = 50;
/** Ten million in major units: more than any vehicle's reconditioning, and far inside an int. */
export const AMOUNT_CENTS_MAX = 1_000_000_000;
export const HOURS_MAX = 1000;

export const reconCategorySchema = z.enum(ReconCategory);
export const workItemStateSchema = z.enum(WorkItemState);
export const estimateLineKindSchema = z.enum(EstimateLineKind);
export const outboundWithOpenItemsSchema = z.enum(OutboundWithOpenItems);

const KNOWN_CURRENCIES = new Set(Intl.supportedValuesOf("currency"));

/** An ISO 4217 code the runtime knows ("GBP"), in capitals. */
export const currencySchema = z
  .string()
  .refine((code) => KNOWN_CURRENCIES.has(code), "Not an ISO 4217 currency code, in capitals (e.g. GBP)")
  .meta({ description: "ISO 4217", example: "GBP" });

export const amountCentsSchema = z
  .int("Expected a whole number of minor units (cents, pence)")
  .min(0, "Must not be negative")
  .max(AMOUNT_CENTS_MAX)
  .meta({ description: "Minor currency units (pence, cents)" });

/** Hours of labour: not negative, to the hundredth. */
export const hoursSchema = z
  .number()
  .min(0, "Hours must not be negative")
  .max(HOURS_MAX)
  .refine((hours) => Math.abs(hours * 100 - Math.round(hours * 100)) < 1e-9, "At most two decimal places")
  .meta({ description: "Hours of labour, to the hundredth", example: 1.5 });

const descriptionOf = (max: number) => z.string().trim().min(1, "Must not be empty").pipe(textUpTo(max));

export const estimateLineInput = z
  .strictObject({
    kind: estimateLineKindSchema,
    description: descriptionOf(ESTIMATE_LINE_DESCRIPTION_MAX),
    amountCents: amountCentsSchema.optional().meta({ description: "PARTS and SUBLET lines only" }),
    hours: hoursSchema
      .optional()
      .meta({ description: "LABOUR lines only: the site's labour rate prices them" }),
  })
  .superRefine((line, ctx) => {
    const labour = line.kind === "LABOUR";
    if (labour && line.hours === undefined) {
      ctx.addIssue({ code: "custom", path: ["hours"], message: "A labour line gives its hours" });
    }
    if (labour && line.amountCents !== undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["amountCents"],
        message: "A labour line is priced by the site's labour rate: give hours only",
      });
    }
    if (!labour && line.amountCents === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["amountCents"],
        message: `A ${line.kind} line gives its amount`,
      });
    }
    if (!labour && line.hours !== undefined) {
      ctx.addIssue({ code: "custom", path: ["hours"], message: "Only a labour line has hours" });
    }
  });
export type EstimateLineInput = z.infer<typeof estimateLineInput>;

export const estimateInput = z.array(estimateLineInput).max(ESTIMATE_LINES_MAX);

// POST /prep-jobs/{id}/work-items
export const createWorkItemBody = z.strictObject({
  category: reconCategorySchema,
  description: descriptionOf(WORK_ITEM_DESCRIPTION_MAX),
  estimate: estimateInput,
  currency: currencySchema
    .optional()
    .meta({ description: "The prep site's recon currency (the default); any other is refused" }),
});
export type CreateWorkItemBody = z.infer<typeof createWorkItemBody>;

const versionSchema = z.int().min(1).meta({
  description: "The version you last read: an older one is 409 VERSION_CONFLICT and changes nothing",
});

// PATCH /prep-jobs/{id}/work-items/{itemId}
export const updateWorkItemBody = z
  .strictObject({
    category: reconCategorySchema.optional(),
    description: descriptionOf(WORK_ITEM_DESCRIPTION_MAX).optional(),
    estimate: estimateInput.optional().meta({ description: "Replaces every line" }),
    version: versionSchema.optional(),
  })
  .refine(
    (body) => body.category !== undefined || body.description !== undefined || body.estimate !== undefined,
    "Give at least one of category, description and estimate",
  );
export type UpdateWorkItemBody = z.infer<typeof updateWorkItemBody>;

export const actualCostInput = z.strictObject({
  partsCents: amountCentsSchema,
  hours: hoursSchema.meta({ description: "Labour hours worked: priced at the site's labour rate" }),
  subletCents: amountCentsSchema.meta({ description: "The sublet vendor's invoice" }),
});
export type ActualCostInput = z.infer<typeof actualCostInput>;

// POST /operations/prep-jobs/{id}/work-items/{itemId}/transition
export const transitionWorkItemBody = z
  .strictObject({
    to: workItemStateSchema,
    version: versionSchema.optional(),
    partsExpectedOn: calendarDateSchema
      .optional()
      .meta({ description: "With WAITING_PARTS only (required)" }),
    actual: actualCostInput.optional().meta({ description: "With DONE only (required): the actual cost" }),
  })
  .superRefine((body, ctx) => {
    const needs = requirementsToEnter(body.to);
    const field = (name: "partsExpectedOn" | "actual", needed: boolean) => {
      if (needed && body[name] === undefined) {
        ctx.addIssue({ code: "custom", path: [name], message: `Required to move to ${body.to}` });
      }
      if (!needed && body[name] !== undefined) {
        ctx.addIssue({ code: "custom", path: [name], message: `Not taken when moving to ${body.to}` });
      }
    };
    field("partsExpectedOn", needs.has("partsExpectedOn"));
    field("actual", needs.has("actualCost"));
  });
export type TransitionWorkItemBody = z.infer<typeof transitionWorkItemBody>;

/** The whole estimate of a vehicle at once (decideEstimate): every item awaiting approval. */
export const estimateDecisionSchema = z.enum(["APPROVED", "DECLINED"]);
export type EstimateDecision = z.infer<typeof estimateDecisionSchema>;

// Any id that names no item of the job (or no job of the caller) is a 404.
export const workItemParams = z.strictObject({ id: z.string(), itemId: z.string() });

// ── responses ──

export const estimateLineSchema = z.object({
  kind: estimateLineKindSchema,
  description: z.string(),
  amountCents: z.int().meta({ description: "LABOUR: hours × the site's labour rate when estimated" }),
  hours: z.number().optional().meta({ description: "LABOUR lines only" }),
});
export type EstimateLine = z.infer<typeof estimateLineSchema>;

export const workItemSchema = z
  .object({
    id: z.string().meta({ description: "ULID" }),
    category: reconCategorySchema,
    description: z.string(),
    state: workItemStateSchema,
    estimate: z.array(estimateLineSchema),
    estimatedCents: z.int().meta({ description: "The sum of the estimate's lines" }),
    actualCents: z
      .int()
      .nullable()
      .meta({ description: "Parts + hours × rate + sublet invoice, once DONE; null before" }),
    currency: currencySchema,
    version: z.int().min(1),
    partsExpectedOn: calendarDateSchema
      .optional()
      .meta({ description: "While WAITING_PARTS: when the parts are expected (extension of the shape)" }),
  })
  .meta({ id: "WorkItem", description: "A reconditioning work item of a prep job" });
export type WorkItemResponse = z.infer<typeof workItemSchema>;

export const workItemListSchema = z.object({ data: z.array(workItemSchema) });
export type WorkItemList = z.infer<typeof workItemListSchema>;

export const reconSummarySchema = z
  .object({
    items: z.int().meta({ description: "Work items, declined ones aside" }),
    done: z.int().meta({ description: "Of those, DONE" }),
    estimatedCost: z.int().meta({ description: "Minor units: the estimates of the items not declined" }),
    actualCost: z.int().meta({ description: "Minor units: the actual cost of the DONE items" }),
    currency: currencySchema,
    waitingFor: z.enum(WAITING_FOR_ORDER).nullable().meta({
      description: "What an open item waits for: an approval first, then parts, then a sublet vendor",
    }),
  })
  .meta({ id: "ReconSummary", description: "A prep job's reconditioning at a glance (extension)" });
export type ReconSummary = z.infer<typeof reconSummarySchema>;

// ── a prep site's recon settings (admins) ──

export const reconSiteSettingsInput = z.strictObject({
  labourRateCents: amountCentsSchema.nullable(),
  currency: currencySchema,
  autoApproveBelowCents: amountCentsSchema,
  outboundWithOpenItems: outboundWithOpenItemsSchema,
});
export type ReconSiteSettingsInput = z.infer<typeof reconSiteSettingsInput>;
