// Request and response shapes of the prep-job endpoints (specification, extensions sections 3 and 6):
// one schema per shape, used by the route handlers and the OpenAPI document.
import { z } from "zod";
import { PrepJobSource, PrepJobStage, PrepJobSubstage } from "@/lib/generated/prisma/enums";
import { keysetCursorSchema } from "@/lib/http/keyset-cursor";
import { reconSummarySchema } from "@/lib/recon/schemas";
import {
  businessAreaSchema,
  calendarDateSchema,
  identifierSchema,
  textUpTo,
  transportMethodSchema,
  vinSchema,
  vrmSchema,
} from "@/lib/schemas/common";
import { isValidVrm } from "@/lib/vehicles/registration";

export const PREP_JOB_NOTES_MAX = 1024;
export const PREP_JOBS_PAGE_DEFAULT = 50;
export const PREP_JOBS_PAGE_MAX = 250;

export const prepJobStageSchema = z.enum(PrepJobStage);
export const prepJobSubstageSchema = z.enum(PrepJobSubstage);
export const prepJobSourceSchema = z.enum(PrepJobSource);

/** A VIN to look up: upper-cased (VINs are stored so), but not format-checked — an impossible VIN is a 404. */
const vinLookupSchema = z
  .string()
  .min(1, "Must not be empty")
  .max(64)
  .transform((value) => value.toUpperCase());
/** A VRM to look up: matched exactly as stored (case and spacing); its format is checked where it is used. */
const vrmLookupSchema = z.string().min(1, "Must not be empty").max(64);

function invalidVrmIssue(ctx: z.RefinementCtx) {
  ctx.addIssue({
    code: "custom",
    path: ["vrm"],
    message: "Not a valid UK registration mark",
    params: { errorCode: "INVALID_VRM" },
  });
}

// PATCH /prep-jobs/appraised and /prep-jobs/pending-movement-request: by vin or vrm, vin wins (and
// then only vin is used: the vrm is neither matched nor validated).
export const prepJobLookupQuery = z
  .strictObject({
    vin: vinLookupSchema.optional().describe("Takes precedence over vrm; upper-cased before matching"),
    vrm: vrmLookupSchema.optional().describe("Matched exactly as stored: no case or spacing normalisation"),
  })
  .superRefine((query, ctx) => {
    if (query.vin === undefined && query.vrm === undefined) {
      ctx.addIssue({ code: "custom", path: ["vin"], message: "Give a vin or a vrm" });
    } else if (query.vin === undefined && query.vrm && !isValidVrm(query.vrm)) {
      // (an empty vrm is already refused by its own schema)
      invalidVrmIssue(ctx);
    }
  });
export type PrepJobLookup = z.infer<typeof prepJobLookupQuery>;

export const collectionLocationSchema = z.discriminatedUnion("type", [
  z.strictObject({
    type: z.literal("INTERNAL"),
    siteId: identifierSchema.describe("Id of one of the caller's organisation's sites"),
  }),
]);

export const createInboundPendingBody = z.strictObject({
  vin: vinSchema,
  vrm: vrmSchema.optional().describe("Stored exactly as sent"),
  make: z.string().min(1).max(100).optional(),
  model: z.string().min(1).max(100).optional(),
  modelVariant: z.string().min(1).max(200).optional(),
  businessArea: businessAreaSchema,
  notes: textUpTo(PREP_JOB_NOTES_MAX).optional(),
  collectionLocation: collectionLocationSchema
    .optional()
    .describe("Where the bought vehicle stands: its inbound movement is collected from here"),
});
export type CreateInboundPendingBody = z.infer<typeof createInboundPendingBody>;

/** Page size: a string of digits, 1 to 250. */
const limitSchema = z
  .string()
  .regex(/^\d+$/, "Expected a whole number (digits only)")
  .transform(Number)
  .refine(
    (value) => value >= 1 && value <= PREP_JOBS_PAGE_MAX,
    `Expected a page size from 1 to ${PREP_JOBS_PAGE_MAX}`,
  );

export const listPrepJobsQuery = z.strictObject({
  vin: vinLookupSchema.optional().describe("Upper-cased before matching"),
  vrm: vrmSchema.optional().describe("Matched exactly as stored"),
  stage: prepJobStageSchema.optional(),
  substage: prepJobSubstageSchema.optional(),
  prepSiteId: z.string().min(1).optional(),
  cursor: keysetCursorSchema.optional().describe("Opaque: the previous page's nextCursor"),
  limit: limitSchema
    .optional()
    .describe(`Page size 1 to ${PREP_JOBS_PAGE_MAX}; default ${PREP_JOBS_PAGE_DEFAULT}`),
});
export type ListPrepJobsQuery = z.infer<typeof listPrepJobsQuery>;

// Any id that names no job of the caller's profile is a 404.
export const prepJobParams = z.strictObject({ id: z.string() });

// POST /operations/prep-jobs/{id}/assign-site
export const assignPrepSiteBody = z.strictObject({
  prepSiteId: identifierSchema.describe("A prep site of the organisation"),
  transportMethod: transportMethodSchema.optional().describe("Of the inbound movement; default DRIVEN"),
  deliveryByDate: calendarDateSchema
    .optional()
    .describe("Of the inbound movement; default: today at the collection site + 3 days"),
});
export type AssignPrepSiteBody = z.infer<typeof assignPrepSiteBody>;

// POST /operations/prep-jobs/{id}/move
export const movePrepJobBody = z.strictObject({
  stage: prepJobStageSchema,
  substage: prepJobSubstageSchema.optional().describe("Omitted for a stage without substage"),
});
export type MovePrepJobBody = z.infer<typeof movePrepJobBody>;

// ── responses ──

const instant = z.iso.datetime({ precision: 3 }).describe("ISO 8601 instant in UTC, with milliseconds");

export const prepJobSchema = z.object({
  id: z.string().describe("ULID"),
  vin: z.string(),
  vrm: z.string().optional(),
  make: z.string().optional(),
  model: z.string().optional(),
  modelVariant: z.string().optional(),
  prepSiteId: z
    .string()
    .nullable()
    .describe("Null while an inbound job is parked awaiting a prep site (documented deviation)"),
  businessArea: businessAreaSchema,
  source: prepJobSourceSchema,
  stage: prepJobStageSchema,
  substage: prepJobSubstageSchema.optional(),
  notes: z.string().optional(),
  inboundMovementRequestId: z
    .string()
    .optional()
    .describe("The job's current inbound movement request (not cancelled); absent when there is none"),
  outboundMovementRequestId: z
    .string()
    .optional()
    .describe("The job's current outbound movement request (not cancelled); absent when there is none"),
  createdByUser: z.string().describe("E-mail of the creator"),
  createdAt: instant,
  updatedAt: instant,
});
export type PrepJobResponse = z.infer<typeof prepJobSchema>;

/** GET /prep-jobs/{id}: the job with its reconditioning at a glance (issue 37, extension). */
export const prepJobDetailSchema = prepJobSchema.extend({
  recon: reconSummarySchema.meta({
    description:
      "Its reconditioning work items at a glance: counts, estimated and actual cost, what they wait for (extension)",
    "x-extension": true,
  }),
});
export type PrepJobDetailResponse = z.infer<typeof prepJobDetailSchema>;

export const listPrepJobsResponse = z.object({
  data: z.array(prepJobSchema),
  nextCursor: z.string().nullable().describe("Null on the last page"),
});
export type ListPrepJobsResponse = z.infer<typeof listPrepJobsResponse>;
