// Where a driver offer is kept. The schema has no offer table, so an offer is an internal event
// ("movement_request.offered", payload { driverIds }) written in the transaction of the offer; accept
// reads the latest one. A single-driver offer is also visible on the legs (driverId set, acceptedAt
// null). Events are purged after the plan's retention: an offer older than that has no record left,
// and any active driver of the organisation may then accept it.
import { z } from "zod";
import type { Kdb } from "@/lib/db";
import { recordEvent } from "@/lib/events/record-event";
import type { MovementRequest } from "@/lib/generated/prisma/client";

export const DRIVER_OFFER_EVENT = "movement_request.offered";

const offerPayload = z.object({ driverIds: z.array(z.string()) });

export async function recordDriverOffer(
  tx: Kdb,
  request: MovementRequest,
  driverIds: string[],
  options: { actor: string; now: Date },
): Promise<void> {
  await recordEvent(tx, {
    organisationId: request.organisationId,
    profileId: request.profileId,
    type: DRIVER_OFFER_EVENT,
    resourceType: "movement_request",
    resourceId: request.id,
    resourceVersion: request.version,
    occurredAt: options.now,
    payload: { driverIds, actor: options.actor },
  });
}

/** The drivers of the request's latest offer; null when no record of it is left. */
export async function offeredDriverIds(
  tx: Kdb,
  request: Pick<MovementRequest, "id">,
): Promise<string[] | null> {
  const event = await tx
    .selectFrom("Event")
    .select("payload")
    .where("resourceType", "=", "movement_request")
    .where("resourceId", "=", request.id)
    .where("type", "=", DRIVER_OFFER_EVENT)
    .orderBy("sequence", "desc")
    .executeTakeFirst();
  const parsed = offerPayload.safeParse(event?.payload);
  return parsed.success ? parsed.data.driverIds : null;
}
