// /prep-jobs: vehicle preparation jobs (integration scope).
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { EXAMPLE_IDS, EXAMPLE_VIN, EXAMPLE_VRM, exampleLocation } from "@/lib/openapi/examples";
import { TAGS, op } from "@/lib/openapi/operation";
import {
  createInboundPendingBody,
  listPrepJobsQuery,
  listPrepJobsResponse,
  prepJobLookupQuery,
  prepJobDetailSchema,
  prepJobParams,
  prepJobSchema,
} from "@/lib/prep-jobs/schemas";

export const examplePrepJob = {
  id: EXAMPLE_IDS.prepJob,
  vin: EXAMPLE_VIN,
  vrm: EXAMPLE_VRM,
  make: "Volkswagen",
  model: "Golf",
  modelVariant: "1.5 TSI Life 5dr",
  prepSiteId: EXAMPLE_IDS.prepSite,
  businessArea: "Retail",
  source: "CREATED_VMR",
  stage: "APPRAISED",
  notes: "Stone chip on bonnet.",
  createdByUser: "buyer@example.com",
  createdAt: "2026-11-21T09:30:00.000Z",
  updatedAt: "2026-11-22T14:05:12.000Z",
};

const LOOKUP =
  "The job is found by `vin` or `vrm` (at least one; when both are given only `vin` is used). A VIN is " +
  "upper-cased before matching; a VRM is matched exactly as stored, with no case or spacing " +
  "normalisation, so a VRM differing only in spacing matches nothing and gives `404`.";

export const prepJobPaths: ZodOpenApiPathsObject = {
  "/prep-jobs": {
    get: op.get({
      operationId: "listPrepJobs",
      tag: TAGS.prepJobs,
      scope: "integration",
      extension: true,
      summary: "List prep jobs",
      description:
        "Your profile's prep jobs, newest first, optionally filtered. Pages are cursor-based: pass the " +
        "previous page's `nextCursor` as `cursor`; it is `null` on the last page.",
      query: listPrepJobsQuery,
      queryExample: { stage: "APPRAISED", limit: "20" },
      success: {
        status: 200,
        description: "One page of prep jobs.",
        schema: listPrepJobsResponse,
        example: { data: [examplePrepJob], nextCursor: null },
      },
      errors: ["INVALID_VRM"],
    }),
  },
  "/prep-jobs/{id}": {
    get: op.get({
      operationId: "getPrepJob",
      tag: TAGS.prepJobs,
      scope: "integration",
      extension: true,
      summary: "Retrieve a prep job",
      description:
        "One prep job of your profile, with `recon`: its reconditioning work items at a glance (issue 37). " +
        "Any other id is `404`.",
      params: prepJobParams,
      paramsExample: { id: EXAMPLE_IDS.prepJob },
      success: {
        status: 200,
        description: "The prep job.",
        schema: prepJobDetailSchema,
        example: {
          ...examplePrepJob,
          recon: {
            items: 3,
            done: 1,
            estimatedCost: 68_500,
            actualCost: 12_000,
            currency: "GBP",
            waitingFor: "PARTS",
          },
        },
      },
      errors: ["PREP_JOB_NOT_FOUND"],
    }),
  },
  "/prep-jobs/appraised": {
    patch: op.patch({
      operationId: "markPrepJobAppraised",
      tag: TAGS.prepJobs,
      scope: "integration",
      summary: "Mark a prep job appraised",
      description: `Moves the prep job to stage \`APPRAISED\`. ${LOOKUP}`,
      query: prepJobLookupQuery,
      queryExample: { vin: EXAMPLE_VIN },
      success: { status: 200, description: "The prep job.", schema: prepJobSchema, example: examplePrepJob },
      errors: ["INVALID_VRM", "PREP_JOB_NOT_FOUND"],
    }),
  },
  "/prep-jobs/pending-movement-request": {
    patch: op.patch({
      operationId: "markPrepJobPendingMovementRequest",
      tag: TAGS.prepJobs,
      scope: "integration",
      summary: "Mark a prep job ready for its outbound movement",
      description:
        "Preparation is finished but no outbound movement is requested yet: the job moves to stage " +
        "`OUTBOUND`, substage `PENDING_MOVEMENT_REQUEST`; it moves on to `SCHEDULED` by itself when an " +
        "outbound movement is created. Repeating the call while the job already awaits a movement is " +
        "`200` with no effect; once a movement exists it is `400 MOVEMENT_ALREADY_EXISTS`. A job with " +
        "reconditioning work items open follows its prep site's policy (extension, issue 37): by default " +
        "it moves and the override is recorded; a site that blocks it answers `409 RECON_ITEMS_OPEN`. " +
        LOOKUP,
      query: prepJobLookupQuery,
      queryExample: { vin: EXAMPLE_VIN },
      success: { status: 200, description: "The prep job.", schema: prepJobSchema },
      errors: ["INVALID_VRM", "MOVEMENT_ALREADY_EXISTS", "PREP_JOB_NOT_FOUND", "RECON_ITEMS_OPEN"],
    }),
  },
  "/prep-jobs/inbound-pending": {
    post: op.post({
      operationId: "createInboundPendingPrepJob",
      tag: TAGS.prepJobs,
      scope: "integration",
      summary: "Create a prep job for a bought vehicle",
      description:
        "Creates a prep job for a purchased vehicle that has no destination prep site yet (stage " +
        "`INBOUND`, substage `PENDING_MOVEMENT_REQUEST`, `prepSiteId` `null`). It is parked until a prep " +
        "site is assigned in the service; then an inbound movement is created from `collectionLocation` " +
        "and the job moves onto that site's board. A VIN that already has an open prep job in the " +
        "organisation (any stage short of `OUTBOUND` / `DELIVERED`) is refused with `409 " +
        "PREP_JOB_ALREADY_EXISTS`, naming that job.",
      body: createInboundPendingBody,
      bodyExample: {
        vin: EXAMPLE_VIN,
        vrm: EXAMPLE_VRM,
        make: "Volkswagen",
        model: "Golf",
        businessArea: "Retail",
        collectionLocation: exampleLocation(EXAMPLE_IDS.originSite),
      },
      success: { status: 201, description: "The new prep job.", schema: prepJobSchema },
      errors: ["INVALID_VIN", "INVALID_VRM", "SITE_NOT_FOUND", "PREP_JOB_ALREADY_EXISTS"],
    }),
  },
};
