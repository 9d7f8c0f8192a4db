// A new movement request with its first leg and its first status change, in one raw statement: every
// create runs it, and Prisma 6 compiles a nested create on the event loop (docs/performance.md). The
// columns left out take their defaults (version 1, INTERNAL locations, the leg OPEN).
import type {
  BusinessArea,
  MovementRequestStatus,
  Prisma,
  Timeslot,
  TransportMethod,
} from "@/lib/generated/prisma/client";
import { sqlTimestamp } from "@/lib/db";
import { newId } from "@/lib/ids";
import type { Money } from "@/lib/movement-requests/pricing";

export type NewMovementRequest = {
  id: string;
  organisationId: string;
  profileId: string;
  status: MovementRequestStatus;
  vehicle: {
    vin?: string;
    vrm?: string;
    externalVehicleId?: string;
    make?: string;
    model?: string;
    modelVariant?: string;
  };
  originSiteId: string;
  /** "YYYY-MM-DD", like every calendar date here. */
  readyToCollectFromDate: string;
  readyToCollectFromTimeslot: Timeslot;
  allowCollectionDateAdjustment?: boolean;
  destinationSiteId: string;
  deliveryByDate: string;
  deliveryByTimeslot: Timeslot;
  deliveryByTime: string | null;
  deliverOnSpecifiedDate: boolean;
  allowDeliveryDateAdjustment?: boolean;
  businessArea: BusinessArea;
  transportMethod: TransportMethod;
  notes?: string;
  externalId?: string;
  confirmedBy?: string;
  requestedBy?: string;
  createdBy: string;
  linkedJobPin?: string;
  estimatedCost?: Money;
  trackingToken: string | null;
  /** The carrier of the first leg, for a request sent straight to a 3PL. */
  thirdPartyLogisticsProviderId: string | null;
  actor: string;
  createdAt: Date;
};

export async function insertMovementRequest(
  tx: Prisma.TransactionClient,
  request: NewMovementRequest,
): Promise<void> {
  const { vehicle } = request;
  const now = sqlTimestamp(request.createdAt);
  const ready = request.readyToCollectFromDate;
  const readySlot = request.readyToCollectFromTimeslot;
  const deliveryBy = request.deliveryByDate;
  const deliveryBySlot = request.deliveryByTimeslot;
  // The estimates and the leg's predictions start as what was asked for; carriers refine them.
  await tx.$executeRaw`
    WITH request AS (
      INSERT INTO "MovementRequest" (
        "id", "organisationId", "profileId", "status",
        "vin", "vrm", "externalVehicleId", "make", "model", "modelVariant",
        "originSiteId", "readyToCollectFromDate", "readyToCollectFromTimeslot",
        "allowCollectionDateAdjustment", "estimatedCollectionDate", "estimatedCollectionTimeslot",
        "destinationSiteId", "deliveryByDate", "deliveryByTimeslot", "deliveryByTime",
        "deliverOnSpecifiedDate", "allowDeliveryDateAdjustment", "estimatedDeliveryDate",
        "estimatedDeliveryTimeslot", "businessArea", "transportMethod", "notes", "externalId",
        "confirmedBy", "requestedBy", "createdBy", "linkedJobPin", "estimatedCostCents",
        "estimatedCostCurrency", "trackingToken", "createdAt", "updatedAt")
      VALUES (
        ${request.id}, ${request.organisationId}, ${request.profileId},
        ${request.status}::"MovementRequestStatus",
        ${vehicle.vin ?? null}, ${vehicle.vrm ?? null}, ${vehicle.externalVehicleId ?? null},
        ${vehicle.make ?? null}, ${vehicle.model ?? null}, ${vehicle.modelVariant ?? null},
        ${request.originSiteId}, ${ready}::date, ${readySlot}::"Timeslot",
        ${request.allowCollectionDateAdjustment ?? null}::boolean, ${ready}::date, ${readySlot}::"Timeslot",
        ${request.destinationSiteId}, ${deliveryBy}::date, ${deliveryBySlot}::"Timeslot",
        ${request.deliveryByTime}, ${request.deliverOnSpecifiedDate}::boolean,
        ${request.allowDeliveryDateAdjustment ?? null}::boolean, ${deliveryBy}::date,
        ${deliveryBySlot}::"Timeslot", ${request.businessArea}::"BusinessArea",
        ${request.transportMethod}::"TransportMethod", ${request.notes ?? null},
        ${request.externalId ?? null}, ${request.confirmedBy ?? null}, ${request.requestedBy ?? null},
        ${request.createdBy}, ${request.linkedJobPin ?? null},
        ${request.estimatedCost?.centAmount ?? null}::integer, ${request.estimatedCost?.currencyCode ?? null},
        ${request.trackingToken}, ${now}, ${now})
    ),
    first_leg AS (
      INSERT INTO "Movement" (
        "id", "movementRequestId", "legNumber", "originSiteId", "destinationSiteId",
        "originScheduledOn", "originScheduledTimeslot", "originPredictedOn", "originPredictedTimeslot",
        "destinationScheduledOn", "destinationScheduledTimeslot", "destinationPredictedOn",
        "destinationPredictedTimeslot", "thirdPartyLogisticsProviderId", "createdAt", "updatedAt")
      VALUES (
        ${newId()}, ${request.id}, 1, ${request.originSiteId}, ${request.destinationSiteId},
        ${ready}::date, ${readySlot}::"Timeslot", ${ready}::date, ${readySlot}::"Timeslot",
        ${deliveryBy}::date, ${deliveryBySlot}::"Timeslot", ${deliveryBy}::date,
        ${deliveryBySlot}::"Timeslot", ${request.thirdPartyLogisticsProviderId},
        ${now}, ${now})
    )
    INSERT INTO "MovementRequestStatusChange" ("id", "movementRequestId", "toStatus", "actor", "occurredAt")
    VALUES (${newId()}, ${request.id}, ${request.status}::"MovementRequestStatus", ${request.actor},
      ${now})`;
}
