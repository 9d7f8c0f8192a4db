// A new movement request may concern a prep job: one to a prep site brings the vehicle in (creating the
// job, or scheduling a parked one), one away from the job's prep site takes it out. Kysely throughout,
// so that it joins the create's Kysely transaction (docs/data-layer.md).
import type { Kdb } from "@/lib/db";
import type { PrepJob, Site } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import { changePrepJobStage, recordPrepJobEvent } from "@/lib/prep-job-stages/change-prep-job-stage";
import { isOpenPrepJob, lockVehicle } from "@/lib/prep-job-stages/open-prep-job";
import { canApply, PREP_JOB_CREATED_AT } from "@/lib/prep-job-stages/stage-rules";

type NewMovement = {
  creator: { organisationId: string; profileId: string; actor: string; email: string };
  requestId: string;
  vehicle: { vin?: string; vrm?: string; make?: string; model?: string; modelVariant?: string };
  businessArea: PrepJob["businessArea"];
  origin: Site;
  destination: Site;
  now: Date;
};

type Direction = "INBOUND" | "OUTBOUND";

/** The request's link to a prep job, as it now stands on the request's row. */
export type PrepJobLink = { prepJobId: string; prepJobDirection: Direction };

/** Links the request to its prep job, if it concerns one, and returns the link it made. */
export async function linkPrepJobToNewMovementRequest(
  tx: Kdb,
  movement: NewMovement,
): Promise<PrepJobLink | undefined> {
  if (movement.destination.isPrepSite) return bringIn(tx, movement);
  if (movement.origin.isPrepSite) return takeOut(tx, movement);
}

async function bringIn(tx: Kdb, movement: NewMovement): Promise<PrepJobLink | undefined> {
  const { creator, destination, now } = movement;
  // Serialised with inbound-pending for the same vehicle, so that the two cannot both create a job.
  if (movement.vehicle.vin) await lockVehicle(tx, creator.organisationId, movement.vehicle.vin);
  const existing = await findOpenJob(tx, movement);
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
  // The job and the request's link to it in one statement.
  const job: PrepJob = await tx
    .with("job", (kdb) =>
      kdb
        .insertInto("PrepJob")
        .values({
          id: newId(),
          organisationId: creator.organisationId,
          profileId: creator.profileId,
          vin,
          vrm: vrm ?? null,
          make: make ?? null,
          model: model ?? null,
          modelVariant: modelVariant ?? null,
          prepSiteId: destination.id,
          businessArea: movement.businessArea,
          source: "CREATED_VMR",
          ...PREP_JOB_CREATED_AT.inboundMovementCreated,
          createdByUser: creator.email,
          stageChangedAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .returningAll(),
    )
    .with("link", (kdb) =>
      kdb
        .updateTable("MovementRequest")
        .set((eb) => ({
          prepJobId: eb.selectFrom("job").select("id"),
          prepJobDirection: "INBOUND" satisfies Direction,
        }))
        .where("id", "=", movement.requestId),
    )
    .selectFrom("job")
    .selectAll()
    .executeTakeFirstOrThrow();
  await recordPrepJobEvent(tx, job, "prep_job.created", { now, extra: { actor: creator.actor } });
  return { prepJobId: job.id, prepJobDirection: "INBOUND" };
}

async function takeOut(tx: Kdb, movement: NewMovement): Promise<PrepJobLink | undefined> {
  const job = await findOpenJob(tx, movement, movement.origin.id);
  if (!job || !canApply("outboundMovementCreated", job)) return;
  await changePrepJobStage(tx, job, "outboundMovementCreated", {
    actor: movement.creator.actor,
    now: movement.now,
  });
  return link(tx, movement.requestId, job.id, "OUTBOUND");
}

/** The profile's newest job for the vehicle that has not left its prep site (at `prepSiteId` if given). */
async function findOpenJob(
  tx: Kdb,
  movement: NewMovement,
  prepSiteId?: string,
): Promise<PrepJob | undefined> {
  const { vin, vrm } = movement.vehicle;
  // By VIN, else by VRM; a vehicle with neither (an externalVehicleId only) matches no job.
  const vehicle = vin
    ? { column: "vin" as const, value: vin }
    : vrm
      ? { column: "vrm" as const, value: vrm }
      : null;
  if (!vehicle) return undefined;
  return tx
    .selectFrom("PrepJob")
    .selectAll()
    .where("profileId", "=", movement.creator.profileId)
    .where(vehicle.column, "=", vehicle.value)
    .$if(prepSiteId !== undefined, (query) => query.where("prepSiteId", "=", prepSiteId as string))
    .where(isOpenPrepJob)
    .orderBy("createdAt", "desc")
    .executeTakeFirst();
}

async function link(
  tx: Kdb,
  requestId: string,
  prepJobId: string,
  prepJobDirection: Direction,
): Promise<PrepJobLink> {
  await tx
    .updateTable("MovementRequest")
    .set({ prepJobId, prepJobDirection })
    .where("id", "=", requestId)
    .execute();
  return { prepJobId, prepJobDirection };
}
