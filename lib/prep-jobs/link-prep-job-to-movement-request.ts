// A new movement request may concern a prep job: one to a prep site brings the vehicle in (creating the
// job, or scheduling a parked one), one away from the job's prep site takes it out.
import type { Prisma, PrepJob, Site } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import { changePrepJobStage, recordPrepJobEvent } from "@/lib/prep-jobs/change-prep-job-stage";
import { lockVehicle, OPEN_PREP_JOB } from "@/lib/prep-jobs/open-prep-job";
import { canApply, PREP_JOB_CREATED_AT } from "@/lib/prep-jobs/stage-rules";

type NewMovement = {
  creator: { organisationId: string; profileId: string; actor: string; email: string };
  requestId: string;
  vehicle: { vin?: string; vrm?: string; make?: string; model?: string; modelVariant?: string };
  businessArea: PrepJob["businessArea"];
  origin: Site;
  destination: Site;
  now: Date;
};

export async function linkPrepJobToNewMovementRequest(tx: Prisma.TransactionClient, movement: NewMovement) {
  if (movement.destination.isPrepSite) return bringIn(tx, movement);
  if (movement.origin.isPrepSite) return takeOut(tx, movement);
}

async function bringIn(tx: Prisma.TransactionClient, movement: NewMovement) {
  const { creator, destination, now } = movement;
  // Serialised with inbound-pending for the same vehicle, so that the two cannot both create a job.
  if (movement.vehicle.vin) await lockVehicle(tx, creator.organisationId, movement.vehicle.vin);
  const existing = await findOpenJob(tx, movement, {});
  if (existing) {
    if (!canApply("inboundMovementCreated", existing)) return;
    await changePrepJobStage(tx, existing, "inboundMovementCreated", {
      actor: creator.actor,
      now,
      data: { prepSiteId: destination.id },
    });
    return link(tx, movement.requestId, existing.id, "INBOUND");
  }
  const { vin, vrm, make, model, modelVariant } = movement.vehicle;
  if (!vin) return; // a prep job is identified by its VIN
  const job = await tx.prepJob.create({
    data: {
      id: newId(),
      organisationId: creator.organisationId,
      profileId: creator.profileId,
      vin,
      vrm,
      make,
      model,
      modelVariant,
      prepSiteId: destination.id,
      businessArea: movement.businessArea,
      source: "CREATED_VMR",
      ...PREP_JOB_CREATED_AT.inboundMovementCreated,
      createdByUser: creator.email,
      stageChangedAt: now,
      createdAt: now,
    },
  });
  await recordPrepJobEvent(tx, job, "prep_job.created", { now, extra: { actor: creator.actor } });
  await link(tx, movement.requestId, job.id, "INBOUND");
}

async function takeOut(tx: Prisma.TransactionClient, movement: NewMovement) {
  const job = await findOpenJob(tx, movement, { prepSiteId: movement.origin.id });
  if (!job || !canApply("outboundMovementCreated", job)) return;
  await changePrepJobStage(tx, job, "outboundMovementCreated", {
    actor: movement.creator.actor,
    now: movement.now,
  });
  await link(tx, movement.requestId, job.id, "OUTBOUND");
}

/** The profile's newest job for the vehicle that has not left its prep site yet. */
function findOpenJob(tx: Prisma.TransactionClient, movement: NewMovement, where: Prisma.PrepJobWhereInput) {
  const { vin, vrm } = movement.vehicle;
  return tx.prepJob.findFirst({
    where: {
      ...where,
      profileId: movement.creator.profileId,
      ...(vin ? { vin } : { vrm }),
      ...OPEN_PREP_JOB,
    },
    orderBy: { createdAt: "desc" },
  });
}

function link(
  tx: Prisma.TransactionClient,
  requestId: string,
  prepJobId: string,
  direction: "INBOUND" | "OUTBOUND",
) {
  return tx.movementRequest.update({
    where: { id: requestId },
    data: { prepJobId, prepJobDirection: direction },
  });
}
