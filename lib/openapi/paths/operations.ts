// /operations: the operations API for 3PLs, driver apps and dispatch tooling (operations scope,
// extensions section 6). Every movement-request action returns the movement request; an action its
// status does not allow is 409 INVALID_STATUS_TRANSITION and changes nothing.
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { listDriversQuery, listDriversResponse } from "@/lib/drivers/schemas";
import {
  abortedBody,
  acceptBody,
  assignBody,
  collectedBody,
  deliveredBody,
  finalPriceBody,
} from "@/lib/movement-requests/operations/schemas";
import { movementRequestParams, movementRequestSchema } from "@/lib/movement-requests/schemas";
import { EXAMPLE_IDS } from "@/lib/openapi/examples";
import { TAGS, op, type EndpointDefinition } from "@/lib/openapi/operation";
import { positionsAccepted, positionsBody } from "@/lib/positions/schemas";
import { proofListSchema } from "@/lib/proofs/proof-schema";
import {
  acceptPoolPlanBody,
  createPoolPlanBody,
  poolPlanParams,
  poolPlanSchema,
} from "@/lib/planning/schemas";
import { assignPrepSiteBody, movePrepJobBody, prepJobParams, prepJobSchema } from "@/lib/prep-jobs/schemas";

/** What every movement-request action shares. */
const action = {
  tag: TAGS.operations,
  scope: "operations",
  extension: true,
  params: movementRequestParams,
  paramsExample: { requestId: EXAMPLE_IDS.movementRequest },
} as const satisfies Partial<EndpointDefinition>;

const movementRequestResult = {
  status: 200,
  description: "The movement request after the action.",
  schema: movementRequestSchema,
} as const;

const prepJobAction = {
  tag: TAGS.operations,
  scope: "operations",
  extension: true,
  params: prepJobParams,
  paramsExample: { id: EXAMPLE_IDS.prepJob },
} as const satisfies Partial<EndpointDefinition>;

export const operationsPaths: ZodOpenApiPathsObject = {
  "/operations/movement-requests/{requestId}/assign": {
    post: op.post({
      ...action,
      operationId: "assignMovementRequest",
      summary: "Assign a carrier",
      description:
        "Give exactly one form: `{driverId, legNumber?}` plans a leg with one of your own drivers (no " +
        "acceptance needed: `PLANNED`, or `PARTIALLY_PLANNED` while some legs have no carrier); " +
        "`{offerToDriverId}` offers the request to one driver (`SENT_TO_DRIVER`), `{driverIds}` to " +
        "several (`SENT_TO_MULTIPLE_DRIVERS`; the first to accept wins); " +
        "`{thirdPartyLogisticsProviderId}` dispatches it to a configured 3PL (`SENT_TO_3PL`).",
      body: assignBody,
      bodyExample: { driverId: EXAMPLE_IDS.driver },
      success: movementRequestResult,
      errors: [
        "VEHICLE_MOVEMENT_REQUEST_NOT_FOUND",
        "DRIVER_NOT_FOUND",
        "THIRD_PARTY_LOGISTICS_PROVIDER_NOT_FOUND",
        "PROVIDER_CANNOT_FULFIL_MOVEMENT",
        "INVALID_STATUS_TRANSITION",
      ],
    }),
  },
  "/operations/movement-requests/{requestId}/accept": {
    post: op.post({
      ...action,
      operationId: "acceptMovementRequest",
      summary: "Accept a movement request",
      description:
        "The planning team takes a pool request on (`CREATED` → `ACCEPTED`), or the carrier it was sent " +
        "to accepts it (`SENT_TO_X` → `ACCEPTED_SENT_TO_X`). A carrier's acceptance creates the tracking " +
        "record (`trackingUrl` appears) and a 3PL's sets `cost`. A driver accepting a multiple-driver " +
        "offer names itself in `driverId`; later acceptances get `409`.",
      body: acceptBody,
      success: movementRequestResult,
      errors: ["VEHICLE_MOVEMENT_REQUEST_NOT_FOUND", "DRIVER_NOT_FOUND", "INVALID_STATUS_TRANSITION"],
    }),
  },
  "/operations/movement-requests/{requestId}/collected": {
    post: op.post({
      ...action,
      operationId: "markMovementCollected",
      summary: "Report a collection",
      description:
        "A leg was collected: it becomes `IN_PROGRESS`, the request `IN_PROGRESS`, and a " +
        "`movement.collected` webhook is published. `on` defaults to today at the origin site; a date " +
        "in the future there is refused.",
      body: collectedBody,
      bodyExample: { on: "2026-11-23" },
      success: movementRequestResult,
      errors: ["VEHICLE_MOVEMENT_REQUEST_NOT_FOUND", "INVALID_STATUS_TRANSITION"],
    }),
  },
  "/operations/movement-requests/{requestId}/delivered": {
    post: op.post({
      ...action,
      operationId: "markMovementDelivered",
      summary: "Report a delivery",
      description:
        "The leg in progress was delivered and a `movement.delivered` webhook is published; with the " +
        "last leg the request becomes `DELIVERED` and `completedOn` is set. `on` defaults to today at " +
        "the destination site.",
      body: deliveredBody,
      bodyExample: { on: "2026-11-25" },
      success: movementRequestResult,
      errors: ["VEHICLE_MOVEMENT_REQUEST_NOT_FOUND", "INVALID_STATUS_TRANSITION"],
    }),
  },
  "/operations/movement-requests/{requestId}/aborted": {
    post: op.post({
      ...action,
      operationId: "markMovementAborted",
      summary: "Report an abandoned movement",
      description:
        "The movement was abandoned: allowed once a carrier is assigned and before delivery. Every open " +
        "leg becomes `ABORTED` and publishes `movement.aborted` with `abortReason`; `detail` is stored " +
        "for staff and never published.",
      body: abortedBody,
      bodyExample: { reason: "NotReady", detail: "Vehicle still on the ramp at 10:30." },
      success: movementRequestResult,
      errors: ["VEHICLE_MOVEMENT_REQUEST_NOT_FOUND", "INVALID_STATUS_TRANSITION"],
    }),
  },
  "/operations/movement-requests/{requestId}/price": {
    post: op.post({
      ...action,
      operationId: "recordMovementFinalPrice",
      summary: "Record the carrier's final price",
      description:
        "The carrier's final price becomes the request's `cost` (an extension: issue 17). A second " +
        "price replaces the first; the service keeps every price recorded. The amount is whole minor " +
        "units and never negative, in the estimate's currency (`400 VALIDATION_ERROR` otherwise); any " +
        "status but `CANCELLED` accepts it (`409 INVALID_STATUS_TRANSITION`).",
      body: finalPriceBody,
      bodyExample: { cost: { centAmount: 24150, currencyCode: "GBP" } },
      success: movementRequestResult,
      errors: ["VEHICLE_MOVEMENT_REQUEST_NOT_FOUND", "INVALID_STATUS_TRANSITION"],
    }),
  },
  "/operations/movement-requests/{requestId}/positions": {
    post: op.post({
      ...action,
      operationId: "recordMovementPositions",
      summary: "Report where the vehicle is",
      description:
        "Telematics and 3PL systems report the positions of a vehicle on the road (an extension: issue " +
        "35), up to 500 in one call, in any order. They go to the leg that is collected and not yet " +
        "delivered (`409 INVALID_STATUS_TRANSITION` when there is none) and feed the map and the " +
        "estimated arrival. A position whose `recordedAt` is more than 5 minutes ahead of the service, " +
        "or whose coordinates are out of range, is `400 VALIDATION_ERROR` and nothing of the call is " +
        "stored. A position already stored for the leg at the same instant is not stored again, so a " +
        "retried call is harmless. Positions are deleted 30 days after delivery (docs/tracking.md).",
      body: positionsBody,
      bodyExample: {
        positions: [
          { latitude: 53.4794, longitude: -2.2453, accuracyMetres: 12, recordedAt: "2026-11-28T10:15:00Z" },
          { latitude: 53.5012, longitude: -2.1987, recordedAt: "2026-11-28T10:15:30Z" },
        ],
      },
      success: { status: 202, description: "The positions were stored.", schema: positionsAccepted },
      errors: ["VEHICLE_MOVEMENT_REQUEST_NOT_FOUND", "INVALID_STATUS_TRANSITION"],
    }),
  },
  "/operations/prep-jobs/{id}/assign-site": {
    post: op.post({
      ...prepJobAction,
      operationId: "assignPrepSite",
      summary: "Assign a prep site to a parked prep job",
      description:
        "Gives a parked inbound job (`INBOUND` / `PENDING_MOVEMENT_REQUEST`, no prep site) its prep site, " +
        "and creates its inbound movement request from the job's `collectionLocation` into the planning " +
        "pool; the returned job names it in `inboundMovementRequestId`.",
      body: assignPrepSiteBody,
      bodyExample: { prepSiteId: EXAMPLE_IDS.prepSite, transportMethod: "TRANSPORTED" },
      success: { status: 200, description: "The prep job, now scheduled inbound.", schema: prepJobSchema },
      errors: ["PREP_JOB_NOT_FOUND", "SITE_NOT_FOUND", "INVALID_DELIVERY_DATE", "INVALID_STATUS_TRANSITION"],
    }),
  },
  "/operations/prep-jobs/{id}/move": {
    post: op.post({
      ...prepJobAction,
      operationId: "movePrepJob",
      summary: "Move a prep job between stages",
      description:
        "A stage move as the prep board makes it, through the same stage rules; a move they do not " +
        "allow is `409 INVALID_STATUS_TRANSITION`. A move to `OUTBOUND` with reconditioning work items " +
        "open follows the prep site's policy: it is recorded as an override, or refused with `409 " +
        "RECON_ITEMS_OPEN` where the site blocks it.",
      body: movePrepJobBody,
      bodyExample: { stage: "ARRIVED" },
      success: { status: 200, description: "The moved prep job.", schema: prepJobSchema },
      errors: [
        "PREP_JOB_NOT_FOUND",
        "INVALID_STATUS_TRANSITION",
        "MOVEMENT_ALREADY_EXISTS",
        "RECON_ITEMS_OPEN",
      ],
    }),
  },
  "/operations/movement-requests/{requestId}/proofs": {
    get: op.get({
      ...action,
      operationId: "listMovementRequestProofs",
      summary: "Proofs of collection and delivery",
      description:
        "What the carriers recorded on their job pages at each collection and delivery: photos (the " +
        "organisation's minimum set, damage, the signature), odometer, damage by panel, who handed over " +
        "or received the vehicle, when, and where when the phone allowed it. Photos are signed links " +
        "that expire after an hour (`expiresAt`); their location metadata is stripped. Empty until a " +
        "carrier records one.",
      success: { status: 200, description: "The request's proofs, by leg.", schema: proofListSchema },
      errors: ["VEHICLE_MOVEMENT_REQUEST_NOT_FOUND"],
    }),
  },
  "/operations/drivers": {
    get: op.get({
      operationId: "listDrivers",
      tag: TAGS.operations,
      scope: "operations",
      extension: true,
      summary: "List drivers",
      description:
        "The organisation's active drivers, by surname. Use an `id` in `assign`. Each carries what the " +
        "planner knows of them (extensions, issue 39): home site, working hours per weekday, days off, " +
        "transporter licence and cost per hour.",
      query: listDriversQuery,
      success: {
        status: 200,
        description: "The active drivers.",
        schema: listDriversResponse,
        example: {
          data: [
            {
              id: EXAMPLE_IDS.driver,
              firstname: "Priya",
              surname: "Shah",
              homeSiteId: EXAMPLE_IDS.originSite,
              workingHours: {
                mon: { start: "07:30", end: "16:30" },
                tue: { start: "07:30", end: "16:30" },
                wed: { start: "07:30", end: "16:30" },
                thu: { start: "07:30", end: "16:30" },
                fri: { start: "07:30", end: "13:00" },
              },
              daysOff: ["2026-12-24"],
              transporterLicence: false,
              costPerHourCents: 1950,
            },
          ],
        },
      },
    }),
  },
  "/operations/planning-pool/plans": {
    post: op.post({
      operationId: "planThePool",
      tag: TAGS.operations,
      scope: "operations",
      extension: true,
      summary: "Plan the pool",
      description:
        "A proposed plan of the planning pool (issue 39; docs/planning.md): each own driver's chain of " +
        "moves day by day (collect, deliver, reposition or collect the next), the requests a 3PL should " +
        "carry at its rate-card price, and those it cannot plan with the reason. Times respect each " +
        "request's ready and deadline timeslots and the drivers' hours; a deadline that cannot be met is " +
        "planned late and counted in `totals.lateRequests`, never hidden. The objective is the cost " +
        "(driver hours, 3PL prices, repositioning) plus the organisation's penalty per hour late. Every " +
        "pool request asked for (default: every one ready by `to`) appears exactly once. Only your " +
        "profile's requests are planned; an id you cannot see is `404`, one of yours out of the pool `409`.",
      body: createPoolPlanBody,
      bodyExample: { from: "2026-12-07", to: "2026-12-08" },
      success: { status: 201, description: "The proposed plan (PROPOSED).", schema: poolPlanSchema },
      errors: ["VEHICLE_MOVEMENT_REQUEST_NOT_FOUND", "NOT_IN_PLANNING_POOL"],
    }),
  },
  "/operations/planning-pool/plans/{id}/accept": {
    post: op.post({
      operationId: "acceptPoolPlan",
      tag: TAGS.operations,
      scope: "operations",
      extension: true,
      params: poolPlanParams,
      paramsExample: { id: EXAMPLE_IDS.poolPlan },
      summary: "Accept a plan of the pool",
      description:
        "Assigns all of the plan, or the `requestIds` given, through the same operations as `assign`: an " +
        "own driver's request is planned with them (`PLANNED`, the driver's job link), a 3PL's is sent to " +
        "it (`SENT_TO_3PL` at the rate-card price). A request that changed since the plan was made " +
        "(cancelled, planned by someone else, edited), one already accepted through the plan and one the " +
        "plan left unplanned are skipped; nothing is assigned twice. When any is skipped the answer is " +
        "`409 POOL_PLAN_REQUESTS_SKIPPED`, whose `errors` name each (`path` is the request id); the " +
        "others were assigned. The plan becomes `ACCEPTED`, or `PARTLY_ACCEPTED` while some remain. A " +
        "plan whose last day has passed is `EXPIRED` and assigns nothing.",
      body: acceptPoolPlanBody,
      bodyExample: { requestIds: [EXAMPLE_IDS.movementRequest] },
      success: { status: 200, description: "The plan after accepting.", schema: poolPlanSchema },
      errors: [
        "POOL_PLAN_NOT_FOUND",
        "POOL_PLAN_REQUESTS_SKIPPED",
        "POOL_PLAN_EXPIRED",
        "POOL_PLAN_NOT_PLANNED",
      ],
    }),
  },
};
