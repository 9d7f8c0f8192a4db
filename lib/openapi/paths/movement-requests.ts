// /movement-requests: create, read, update and cancel movement requests (integration scope).
import type { ZodOpenApiPathsObject } from "zod-openapi";
import {
  createInPlanningPoolBody,
  createWithThirdPartyLogisticsBody,
  movementRequestParams,
  movementRequestSchema,
  updateMovementRequestBody,
} from "@/lib/movement-requests/schemas";
import {
  EXAMPLE_IDS,
  EXAMPLE_VIN,
  EXAMPLE_VRM,
  exampleLocation,
  exampleMovementRequest,
} from "@/lib/openapi/examples";
import { TAGS, op } from "@/lib/openapi/operation";

const createExample = {
  vehicle: {
    vin: EXAMPLE_VIN,
    vrm: EXAMPLE_VRM,
    externalVehicleId: "STOCK-10442",
    make: "Volkswagen",
    model: "Golf",
    modelVariant: "1.5 TSI Life 5dr",
  },
  origin: {
    location: exampleLocation(EXAMPLE_IDS.originSite),
    readyToCollectFromDate: "2026-11-23",
    readyToCollectFromTimeslot: "AM",
  },
  destination: {
    location: exampleLocation(EXAMPLE_IDS.destinationSite),
    deliveryByDate: "2026-11-25",
    deliveryByTime: "16:00",
  },
  businessArea: "Retail",
  transportMethod: "DRIVEN",
  notes: "Keys are with reception.",
  requestedBy: "sam.taylor@example.com",
};

const CREATE_RULES =
  "A vehicle needs a `vin` or a `vrm`. With neither `readyToCollectFromDate` nor " +
  "`readyToCollectFromTimeslot`, the vehicle is ready now: today at the origin site, in the slot its " +
  "clock is in (`ANYTIME` when the site's time zone cannot be resolved). `deliveryByTime` sets " +
  "`deliveryByTimeslot` (before 12:00 `AM`, from 12:00 `PM`) unless that is given, and is returned as " +
  "sent. `deliveryByDate` must be today or later at the destination site and not before the " +
  "ready-to-collect date, or the request is refused with `INVALID_DELIVERY_DATE`. `requestedBy` is write-only: it receives the tracking, delivered and aborted notifications and " +
  "is never returned. Limits count Unicode code points: `notes` at most 1024, `confirmedBy` 128, " +
  "`requestedBy` 254.";

export const movementRequestPaths: ZodOpenApiPathsObject = {
  "/movement-requests/create-in-planning-pool": {
    post: op.post({
      operationId: "createInPlanningPool",
      tag: TAGS.movementRequests,
      scope: "integration",
      summary: "Create a movement request in the planning pool",
      description:
        "Creates a movement request and places it in the internal planning pool (status `CREATED`), " +
        "priced against the organisation's internal rate card. " +
        CREATE_RULES,
      body: createInPlanningPoolBody,
      bodyExample: createExample,
      success: {
        status: 201,
        description: "The movement request, as GET returns it.",
        schema: movementRequestSchema,
        example: exampleMovementRequest,
      },
      errors: ["INVALID_VIN", "INVALID_VRM", "INVALID_DELIVERY_DATE", "SITE_NOT_FOUND"],
    }),
  },
  "/movement-requests/create-with-3pl": {
    post: op.post({
      operationId: "createWithThirdPartyLogistics",
      tag: TAGS.movementRequests,
      scope: "integration",
      summary: "Create a movement request dispatched to a 3PL",
      description:
        "Creates a movement request and dispatches it directly to the chosen third-party logistics " +
        "provider (status `SENT_TO_3PL`), bypassing the planning pool. The provider must be configured " +
        "for your profile (see `GET /infrastructure/providers/third-party`) and must carry out the " +
        "requested transport method. `estimatedCost` is priced against the 3PL's rate card, and is " +
        "absent when it has none for the method. " +
        CREATE_RULES,
      body: createWithThirdPartyLogisticsBody,
      bodyExample: {
        ...createExample,
        origin: { ...createExample.origin, allowCollectionDateAdjustment: true },
        destination: { ...createExample.destination, allowDeliveryDateAdjustment: false },
        transportMethod: "TRANSPORTED",
        thirdPartyLogisticsProviderId: EXAMPLE_IDS.provider,
      },
      success: {
        status: 201,
        description: "The movement request, as GET returns it.",
        schema: movementRequestSchema,
      },
      errors: [
        "INVALID_VIN",
        "INVALID_VRM",
        "INVALID_DELIVERY_DATE",
        "THIRD_PARTY_LOGISTICS_PROVIDER_NOT_FOUND",
        "PROVIDER_CANNOT_FULFIL_MOVEMENT",
        "SITE_NOT_FOUND",
      ],
    }),
  },
  "/movement-requests/{requestId}": {
    get: op.get({
      operationId: "getMovementRequest",
      tag: TAGS.movementRequests,
      scope: "integration",
      summary: "Retrieve a movement request",
      description:
        "Returns the current state of a movement request. An id that names no request of your profile, " +
        "malformed or not, is `404`.",
      params: movementRequestParams,
      paramsExample: { requestId: EXAMPLE_IDS.movementRequest },
      success: {
        status: 200,
        description: "The movement request.",
        schema: movementRequestSchema,
        example: exampleMovementRequest,
      },
      errors: ["VEHICLE_MOVEMENT_REQUEST_NOT_FOUND"],
    }),
    patch: op.patch({
      operationId: "updateMovementRequest",
      tag: TAGS.movementRequests,
      scope: "integration",
      summary: "Update a movement request",
      description:
        "Changes selected details. Nested objects are merged: an omitted property, at any depth, is " +
        "left unchanged. A changed location re-prices `estimatedCost`. Refused with " +
        "`MOVEMENT_REQUEST_NOT_EDITABLE` once the request is `IN_PROGRESS` or finished. A new " +
        "`deliveryByDate` before today at the destination site, or a deadline that would fall before the " +
        "ready-to-collect date, is refused with `INVALID_DELIVERY_DATE`; nothing changes.",
      params: movementRequestParams,
      paramsExample: { requestId: EXAMPLE_IDS.movementRequest },
      body: updateMovementRequestBody,
      bodyExample: {
        destination: { deliveryByDate: "2026-11-26", deliveryByTimeslot: "AM" },
        notes: "Collect from the rear yard.",
      },
      success: { status: 200, description: "The updated movement request.", schema: movementRequestSchema },
      errors: [
        "VEHICLE_MOVEMENT_REQUEST_NOT_FOUND",
        "MOVEMENT_REQUEST_NOT_EDITABLE",
        "INVALID_DELIVERY_DATE",
        "SITE_NOT_FOUND",
      ],
    }),
  },
  "/movement-requests/{requestId}/cancel": {
    post: op.post({
      operationId: "cancelMovementRequest",
      tag: TAGS.movementRequests,
      scope: "integration",
      extension: true,
      summary: "Cancel a movement request",
      description:
        "Calls a movement request off before collection: every open movement emits a " +
        "`movement.cancelled` webhook and the request reaches status `CANCELLED`. After collection the " +
        "answer is `409 INVALID_STATUS_TRANSITION` and nothing changes. No request body.",
      params: movementRequestParams,
      paramsExample: { requestId: EXAMPLE_IDS.movementRequest },
      success: { status: 200, description: "The cancelled movement request.", schema: movementRequestSchema },
      errors: ["VEHICLE_MOVEMENT_REQUEST_NOT_FOUND", "INVALID_STATUS_TRANSITION"],
    }),
  },
};
