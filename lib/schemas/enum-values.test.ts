// One source for every enum: the zod schemas and the published OpenAPI document list exactly the values
// Prisma generates from prisma/schema.prisma (the webhook's movement status: a leg's, less OPEN).
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { API_KEY_SCOPES, apiKeyScopeSchema } from "@/lib/auth/api-keys/schemas";
import {
  abortReasonSchema as publishedAbortReasonSchema,
  webhookMovementStatusSchema,
} from "@/lib/events/envelope-schema";
import {
  AbortReason,
  ApiKeyScope,
  BusinessArea,
  EstimateLineKind,
  MovementRequestStatus,
  MovementStatus,
  PrepJobSource,
  PrepJobStage,
  PoolPlanStatus,
  PrepJobSubstage,
  ReconCategory,
  Timeslot,
  TransportMethod,
  WorkItemState,
} from "@/lib/generated/prisma/enums";
import { UNPLANNED_REASONS } from "@/lib/planning/model";
import { WEBHOOK_MOVEMENT_STATUSES } from "@/lib/schemas/movement-wire";
import { abortReasonSchema } from "@/lib/movement-requests/operations/schemas";
import { movementRequestStatusSchema } from "@/lib/movement-requests/schemas";
import { buildOpenApiDocument } from "@/lib/openapi/document";
import { prepJobSourceSchema, prepJobStageSchema, prepJobSubstageSchema } from "@/lib/prep-jobs/schemas";
import { estimateLineKindSchema, reconCategorySchema, workItemStateSchema } from "@/lib/recon/schemas";
import { businessAreaSchema, timeslotSchema, transportMethodSchema } from "@/lib/schemas/common";
import { everyValueOf } from "@/lib/schemas/enum-values";

const values = (enumObject: Record<string, string>) => Object.values(enumObject);
const webhookMovementStatuses = values(MovementStatus).filter((status) => status !== "OPEN");

const SCHEMAS: [string, z.ZodEnum, string[]][] = [
  ["movement request status", movementRequestStatusSchema, values(MovementRequestStatus)],
  ["webhook movement status", webhookMovementStatusSchema, webhookMovementStatuses],
  ["prep job stage", prepJobStageSchema, values(PrepJobStage)],
  ["prep job substage", prepJobSubstageSchema, values(PrepJobSubstage)],
  ["prep job source", prepJobSourceSchema, values(PrepJobSource)],
  ["timeslot", timeslotSchema, values(Timeslot)],
  ["business area", businessAreaSchema, values(BusinessArea)],
  ["transport method", transportMethodSchema, values(TransportMethod)],
  ["abort reason", abortReasonSchema, values(AbortReason)],
  ["published abort reason", publishedAbortReasonSchema, values(AbortReason)],
  ["API key scope", apiKeyScopeSchema, values(ApiKeyScope)],
  ["recon category", reconCategorySchema, values(ReconCategory)],
  ["work item state", workItemStateSchema, values(WorkItemState)],
  ["estimate line kind", estimateLineKindSchema, values(EstimateLineKind)],
];

describe("zod enums", () => {
  it.each(SCHEMAS)("the %s schema lists exactly the generated values", (_name, schema, expected) => {
    expect(schema.options).toEqual(expected);
  });

  it("the lists the UI iterates are the generated values", () => {
    expect(WEBHOOK_MOVEMENT_STATUSES).toEqual(webhookMovementStatuses);
    expect(API_KEY_SCOPES).toEqual(values(ApiKeyScope));
  });
});

/** The generated values each enum property of the document must list, by property name. */
const PUBLISHED: Record<string, string[][]> = {
  // movement.at_risk (an extension) publishes a leg's own status, OPEN included: it is not collected yet.
  // A plan of the pool (an extension) has its own lifecycle.
  status: [
    values(MovementRequestStatus),
    webhookMovementStatuses,
    values(MovementStatus),
    values(PoolPlanStatus),
  ],
  stage: [values(PrepJobStage)],
  substage: [values(PrepJobSubstage)],
  source: [values(PrepJobSource)],
  businessArea: [values(BusinessArea)],
  transportMethod: [values(TransportMethod)],
  transportMethods: [values(TransportMethod)],
  // Why a plan of the pool leaves a request unplanned: the planner's own codes, not a column's.
  reason: [values(AbortReason), Object.keys(UNPLANNED_REASONS)],
  abortReason: [values(AbortReason)],
  category: [values(ReconCategory)],
  state: [values(WorkItemState)],
  previousState: [values(WorkItemState)],
  to: [values(WorkItemState)],
};
const TIMESLOT_PROPERTY = /Timeslot$/;

/** Every `enum` in the document with the property (or parameter) it describes. */
function publishedEnums(
  node: unknown,
  property = "",
  found: [string, unknown[]][] = [],
): [string, unknown[]][] {
  if (Array.isArray(node)) {
    for (const item of node) publishedEnums(item, property, found);
  } else if (node && typeof node === "object") {
    const object = node as Record<string, unknown>;
    if (Array.isArray(object.enum)) found.push([property, object.enum]);
    const name = typeof object.name === "string" && "in" in object ? object.name : property;
    for (const [key, value] of Object.entries(object)) {
      const structural = ["items", "schema", "properties", "anyOf", "oneOf", "allOf", "enum"].includes(key);
      publishedEnums(value, structural ? name : key, found);
    }
  }
  return found;
}

describe("the OpenAPI document", () => {
  const enums = publishedEnums(buildOpenApiDocument());

  it("lists exactly the generated values wherever it publishes an enum of the schema", () => {
    const checked = enums.filter(([property]) => property in PUBLISHED || TIMESLOT_PROPERTY.test(property));
    expect(checked.length).toBeGreaterThan(10);
    for (const [property, listed] of checked) {
      const allowed = TIMESLOT_PROPERTY.test(property) ? [values(Timeslot)] : (PUBLISHED[property] ?? []);
      expect(allowed, `${property}: ${listed.join(", ")}`).toContainEqual(listed);
    }
  });

  it("publishes every enum of the schema that the API carries", () => {
    const listed = enums.map(([, list]) => JSON.stringify(list));
    for (const expected of [...Object.values(PUBLISHED).flat(), values(Timeslot)]) {
      expect(listed).toContain(JSON.stringify(expected));
    }
  });
});

describe("everyValueOf", () => {
  it("returns the list it is given", () => {
    expect(everyValueOf(PrepJobStage, ["OUTBOUND", "APPRAISED", "ARRIVED", "INBOUND"])).toEqual([
      "OUTBOUND",
      "APPRAISED",
      "ARRIVED",
      "INBOUND",
    ]);
  });

  it("does not compile when a value is missing or unknown (checked by tsc)", () => {
    // @ts-expect-error -- OUTBOUND is missing: a stage added to the schema fails the build here.
    expect(everyValueOf(PrepJobStage, ["INBOUND", "ARRIVED", "APPRAISED"])).toHaveLength(3);
    // @ts-expect-error -- GONE is no stage: a renamed value fails the build.
    expect(everyValueOf(PrepJobStage, ["INBOUND", "ARRIVED", "APPRAISED", "OUTBOUND", "GONE"])).toHaveLength(
      5,
    );
  });
});
