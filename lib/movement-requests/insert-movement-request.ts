// A new movement request with its first leg and its first status change, in one statement (every
// create runs it). The columns left out take their defaults (version 1, INTERNAL locations, the leg
// OPEN). The statement returns the rows as stored, so that the create's response needs no second read.
import { sql, type Kdb, type Selectable, type DB } from "@/lib/db";
import type {
  BusinessArea,
  MovementRequestStatus,
  Timeslot,
  TransportMethod,
} from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import type { Money } from "@/lib/movement-requests/money";
import type { MovementLegJson } from "@/lib/movement-requests/movement-leg-json";

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

/** The request's row and its first leg (as getMovementRequestOrThrow reads a leg: its provider embedded). */
export type InsertedMovementRequest = {
  row: Selectable<DB["MovementRequest"]>;
  firstLeg: MovementLegJson;
};

export async function insertMovementRequest(
  tx: Kdb,
  request: NewMovementRequest,
): Promise<InsertedMovementRequest> {
  const { vehicle } = request;
  const now = request.createdAt;
  const ready = request.readyToCollectFromDate;
  const readySlot = request.readyToCollectFromTimeslot;
  const deliveryBy = request.deliveryByDate;
  const deliveryBySlot = request.deliveryByTimeslot;
  // The estimates and the leg's predictions start as what was asked for; carriers refine them.
  const { legJson, ...row } = await tx
    .with("request", (kdb) =>
      kdb
        .insertInto("MovementRequest")
        .values({
          id: request.id,
          organisationId: request.organisationId,
          profileId: request.profileId,
          status: request.status,
          vin: vehicle.vin ?? null,
          vrm: vehicle.vrm ?? null,
          externalVehicleId: vehicle.externalVehicleId ?? null,
          make: vehicle.make ?? null,
          model: vehicle.model ?? null,
          modelVariant: vehicle.modelVariant ?? null,
          originSiteId: request.originSiteId,
          readyToCollectFromDate: ready,
          readyToCollectFromTimeslot: readySlot,
          allowCollectionDateAdjustment: request.allowCollectionDateAdjustment ?? null,
          estimatedCollectionDate: ready,
          estimatedCollectionTimeslot: readySlot,
          destinationSiteId: request.destinationSiteId,
          deliveryByDate: deliveryBy,
          deliveryByTimeslot: deliveryBySlot,
          deliveryByTime: request.deliveryByTime,
          deliverOnSpecifiedDate: request.deliverOnSpecifiedDate,
          allowDeliveryDateAdjustment: request.allowDeliveryDateAdjustment ?? null,
          estimatedDeliveryDate: deliveryBy,
          estimatedDeliveryTimeslot: deliveryBySlot,
          businessArea: request.businessArea,
          transportMethod: request.transportMethod,
          notes: request.notes ?? null,
          externalId: request.externalId ?? null,
          confirmedBy: request.confirmedBy ?? null,
          requestedBy: request.requestedBy ?? null,
          createdBy: request.createdBy,
          linkedJobPin: request.linkedJobPin ?? null,
          estimatedCostCents: request.estimatedCost?.centAmount ?? null,
          estimatedCostCurrency: request.estimatedCost?.currencyCode ?? null,
          trackingToken: request.trackingToken,
          createdAt: now,
          updatedAt: now,
        })
        .returningAll(),
    )
    .with("first_leg", (kdb) =>
      kdb
        .insertInto("Movement")
        .values({
          id: newId(),
          organisationId: request.organisationId,
          movementRequestId: request.id,
          legNumber: 1,
          originSiteId: request.originSiteId,
          destinationSiteId: request.destinationSiteId,
          originScheduledOn: ready,
          originScheduledTimeslot: readySlot,
          originPredictedOn: ready,
          originPredictedTimeslot: readySlot,
          destinationScheduledOn: deliveryBy,
          destinationScheduledTimeslot: deliveryBySlot,
          destinationPredictedOn: deliveryBy,
          destinationPredictedTimeslot: deliveryBySlot,
          thirdPartyLogisticsProviderId: request.thirdPartyLogisticsProviderId,
          createdAt: now,
          updatedAt: now,
        })
        .returningAll(),
    )
    .with("status_change", (kdb) =>
      kdb.insertInto("MovementRequestStatusChange").values({
        id: newId(),
        organisationId: request.organisationId,
        movementRequestId: request.id,
        toStatus: request.status,
        actor: request.actor,
        occurredAt: now,
      }),
    )
    .selectFrom("request")
    .selectAll("request")
    .select(
      sql<MovementLegJson>`(
        SELECT to_jsonb(l) || jsonb_build_object('driver', NULL, 'provider', to_jsonb(p))
        FROM first_leg l
        LEFT JOIN "ThirdPartyLogisticsProvider" p ON p."id" = l."thirdPartyLogisticsProviderId"
      )`.as("legJson"),
    )
    .executeTakeFirstOrThrow();
  return { row, firstLeg: legJson };
}
