// The public tracking page's data: what a recipient needs to know, and nothing personal — no names,
// e-mail addresses, VIN or registration, notes or addresses beyond the town.
import { toDateOnly } from "@/lib/dates";
import { db } from "@/lib/db";
import type { MovementRequestStatus, Timeslot } from "@/lib/generated/prisma/enums";

export type TrackingView = {
  status: MovementRequestStatus;
  vehicle: string | null;
  originTown: string;
  destinationTown: string;
  estimatedCollection: { date: string | null; timeslot: Timeslot | null };
  estimatedDelivery: { date: string | null; timeslot: Timeslot | null };
  collectedOn: string | null;
  deliveredOn: string | null;
  history: { status: MovementRequestStatus; at: string }[];
};

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

export async function getTrackingView(token: string): Promise<TrackingView | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const request = await db().movementRequest.findUnique({
    where: { trackingToken: token },
    include: {
      organisation: { select: { trackingEnabled: true } },
      originSite: { select: { city: true } },
      destinationSite: { select: { city: true } },
      movements: { orderBy: { legNumber: "asc" } },
      statusChanges: { orderBy: { occurredAt: "asc" }, select: { toStatus: true, occurredAt: true } },
    },
  });
  if (!request || !request.organisation.trackingEnabled) return null;
  const collected = request.movements[0]?.originActualOn ?? null;
  const delivered = request.movements.at(-1)?.destinationActualOn ?? null;
  return {
    status: request.status,
    vehicle: [request.make, request.model].filter(Boolean).join(" ") || null,
    originTown: request.originSite.city,
    destinationTown: request.destinationSite.city,
    estimatedCollection: {
      date: request.estimatedCollectionDate && toDateOnly(request.estimatedCollectionDate),
      timeslot: request.estimatedCollectionTimeslot,
    },
    estimatedDelivery: {
      date: request.estimatedDeliveryDate && toDateOnly(request.estimatedDeliveryDate),
      timeslot: request.estimatedDeliveryTimeslot,
    },
    collectedOn: collected && toDateOnly(collected),
    deliveredOn: delivered && toDateOnly(delivered),
    history: request.statusChanges.map((change) => ({
      status: change.toStatus,
      at: change.occurredAt.toISOString(),
    })),
  };
}
