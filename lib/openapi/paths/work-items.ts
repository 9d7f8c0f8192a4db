// /prep-jobs/{id}/work-items (integration scope) and their lifecycle moves under /operations
// (operations scope): a prep job's reconditioning work items (issue 37, extensions).
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { EXAMPLE_IDS } from "@/lib/openapi/examples";
import { TAGS, op } from "@/lib/openapi/operation";
import { prepJobParams } from "@/lib/prep-jobs/schemas";
import {
  createWorkItemBody,
  transitionWorkItemBody,
  updateWorkItemBody,
  workItemListSchema,
  workItemParams,
  workItemSchema,
} from "@/lib/recon/schemas";

const exampleWorkItem = {
  id: EXAMPLE_IDS.workItem,
  category: "BODY",
  description: "Repair and respray the nearside front wing",
  state: "AWAITING_APPROVAL",
  estimate: [
    { kind: "PARTS", description: "Wing repair kit", amountCents: 4_500 },
    { kind: "LABOUR", description: "Panel and paint", hours: 3.5, amountCents: 22_750 },
  ],
  estimatedCents: 27_250,
  actualCents: null,
  currency: "GBP",
  version: 2,
};

const itemParams = { id: EXAMPLE_IDS.prepJob, itemId: EXAMPLE_IDS.workItem };

const ESTIMATE_RULES =
  "Estimate lines: `PARTS` and `SUBLET` lines give `amountCents`; `LABOUR` lines give `hours` only, and the " +
  "prep site's labour rate prices them (`amountCents` = hours × rate, rounded). A negative amount or " +
  "hours, hours beyond two decimals, a labour line at a site without a labour rate, or a currency that " +
  "is not ISO 4217 or not the site's, is `400 VALIDATION_ERROR` naming the line, and nothing is written.";

export const workItemPaths: ZodOpenApiPathsObject = {
  "/prep-jobs/{id}/work-items": {
    get: op.get({
      operationId: "listWorkItems",
      tag: TAGS.prepJobs,
      scope: "integration",
      extension: true,
      summary: "List a prep job's work items",
      description: "The reconditioning work items of one prep job of your profile, oldest first.",
      params: prepJobParams,
      paramsExample: { id: EXAMPLE_IDS.prepJob },
      success: {
        status: 200,
        description: "The job's work items.",
        schema: workItemListSchema,
        example: { data: [exampleWorkItem] },
      },
      errors: ["PREP_JOB_NOT_FOUND"],
    }),
    post: op.post({
      operationId: "createWorkItem",
      tag: TAGS.prepJobs,
      scope: "integration",
      extension: true,
      summary: "Propose a work item",
      description: `A new work item, \`PROPOSED\`, in the prep site's recon currency. ${ESTIMATE_RULES}`,
      params: prepJobParams,
      paramsExample: { id: EXAMPLE_IDS.prepJob },
      body: createWorkItemBody,
      bodyExample: {
        category: "BODY",
        description: "Repair and respray the nearside front wing",
        estimate: [
          { kind: "PARTS", description: "Wing repair kit", amountCents: 4_500 },
          { kind: "LABOUR", description: "Panel and paint", hours: 3.5 },
        ],
      },
      success: {
        status: 201,
        description: "The new work item.",
        schema: workItemSchema,
        example: { ...exampleWorkItem, state: "PROPOSED", version: 1 },
      },
      errors: ["PREP_JOB_NOT_FOUND"],
    }),
  },
  "/prep-jobs/{id}/work-items/{itemId}": {
    patch: op.patch({
      operationId: "updateWorkItem",
      tag: TAGS.prepJobs,
      scope: "integration",
      extension: true,
      summary: "Edit a work item",
      description:
        "Changes the category and description of an open item (not `DONE` or `DECLINED`), and replaces " +
        "its estimate while it is `PROPOSED` or `AWAITING_APPROVAL` (an approval is of the estimate the " +
        "approver saw): otherwise `409 INVALID_STATUS_TRANSITION`. With `version`, a change made since " +
        `you read the item is \`409 VERSION_CONFLICT\`. ${ESTIMATE_RULES}`,
      params: workItemParams,
      paramsExample: itemParams,
      body: updateWorkItemBody,
      bodyExample: {
        estimate: [{ kind: "LABOUR", description: "Panel and paint", hours: 4 }],
        version: 2,
      },
      success: { status: 200, description: "The work item after the edit.", schema: workItemSchema },
      errors: ["PREP_JOB_NOT_FOUND", "WORK_ITEM_NOT_FOUND", "INVALID_STATUS_TRANSITION", "VERSION_CONFLICT"],
    }),
  },
  "/operations/prep-jobs/{id}/work-items/{itemId}/transition": {
    post: op.post({
      operationId: "transitionWorkItem",
      tag: TAGS.operations,
      scope: "operations",
      extension: true,
      summary: "Move a work item through its lifecycle",
      description:
        "`to` is the state the item moves to: `PROPOSED` → `AWAITING_APPROVAL` → `APPROVED` or " +
        "`DECLINED`; `APPROVED` → `IN_PROGRESS` → `DONE`; `WAITING_PARTS` (with `partsExpectedOn`) and " +
        "`WAITING_SUBLET` from `APPROVED` or `IN_PROGRESS`, back to `IN_PROGRESS`. Any other move is `409 " +
        "INVALID_STATUS_TRANSITION`. An item submitted (`AWAITING_APPROVAL`) with an estimate under the " +
        "prep site's auto-approve threshold is `APPROVED` at once. Approving or declining needs an API key " +
        "that also has the `recon_approval` scope (`403` otherwise). `DONE` takes `actual`: the parts, " +
        "the labour hours (priced at the site's rate) and the sublet invoice. Nothing changes on any refusal.",
      params: workItemParams,
      paramsExample: itemParams,
      body: transitionWorkItemBody,
      bodyExample: { to: "WAITING_PARTS", partsExpectedOn: "2026-12-03", version: 3 },
      success: { status: 200, description: "The work item after the move.", schema: workItemSchema },
      errors: ["PREP_JOB_NOT_FOUND", "WORK_ITEM_NOT_FOUND", "INVALID_STATUS_TRANSITION", "VERSION_CONFLICT"],
    }),
  },
};
