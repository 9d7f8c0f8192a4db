// POST /operations/prep-jobs/{id}/assign-site (extensions section 6): a parked inbound job gets its prep
// site, and its inbound movement request (from the job's collection location to the prep site) is
// created into the planning pool, in one transaction.
//
// The movement request is created with createMovementRequestIn, which — its destination being a prep
// site — links the vehicle's open prep job itself (linkPrepJobToNewMovementRequest): it sets prepSiteId,
// applies the rule inboundMovementCreated (INBOUND/PENDING_MOVEMENT_REQUEST → INBOUND/SCHEDULED) and
// links the request as INBOUND. So this use case checks, creates and verifies; it does not change the
// stage itself (that would make two stage changes). Should the link land on another job (a newer open
// job of the same VIN), nothing is kept: 409.
import { fromDateOnly, toDateOnly } from "@/lib/dates";
import { transaction } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import type { PrepJob } from "@/lib/generated/prisma/client";
import { getSitesOrThrow } from "@/lib/infrastructure/get-sites-or-throw";
import { createMovementRequestIn } from "@/lib/movement-requests/create-movement-request";
import { readyNowDefaults } from "@/lib/movement-requests/timeslots";
import { getPrepJobOrThrow, type PrepJobActorScope } from "@/lib/prep-jobs/get-prep-job-or-throw";
import type { AssignPrepSiteBody, PrepJobResponse } from "@/lib/prep-jobs/schemas";
import {
  canApply,
  describePosition,
  PREP_JOB_CREATED_AT,
  samePosition,
} from "@/lib/prep-job-stages/stage-rules";
import { readPrepJobResponse } from "@/lib/prep-jobs/to-prep-job-response";

/** Days from today (at the collection site) to the inbound movement's default delivery deadline. */
export const DEFAULT_INBOUND_DELIVERY_DAYS = 3;

/** The actor's e-mail becomes the inbound movement request's creator. */
export type AssignPrepSiteScope = PrepJobActorScope & { email: string };

export async function assignPrepSite(
  scope: AssignPrepSiteScope,
  id: string,
  body: AssignPrepSiteBody,
): Promise<PrepJobResponse> {
  const now = new Date();
  // One Kysely transaction: the job under its lock, the new request and everything it writes.
  return transaction(async (tx) => {
    const job = await getPrepJobOrThrow(tx, scope, id, { forUpdate: true });
    assertParked(job);
    const { prepSiteId: prepSite } = await getSitesOrThrow(tx, job.organisationId, {
      prepSiteId: body.prepSiteId,
    });
    if (!prepSite.isPrepSite) {
      throw new AppError("VALIDATION_ERROR", `Site ${prepSite.id} (${prepSite.name}) is not a prep site.`, {
        errors: [{ path: "prepSiteId", message: "Not a prep site" }],
      });
    }
    if (!job.collectionSiteId) {
      throw new AppError(
        "VALIDATION_ERROR",
        `Prep job ${job.id} has no collection location, so its inbound movement cannot be created.`,
      );
    }
    if (job.collectionSiteId === prepSite.id) {
      throw new AppError(
        "VALIDATION_ERROR",
        `The vehicle of prep job ${job.id} already stands at ${prepSite.name}: no inbound movement is needed.`,
        { errors: [{ path: "prepSiteId", message: "The job's collection site" }] },
      );
    }
    const { collectionSiteId: collectionSite } = await getSitesOrThrow(tx, job.organisationId, {
      collectionSiteId: job.collectionSiteId,
    });
    const deliveryByDate =
      body.deliveryByDate ??
      addDays(readyNowDefaults(collectionSite, now).date, DEFAULT_INBOUND_DELIVERY_DAYS);

    const request = await createMovementRequestIn(
      tx,
      {
        organisationId: job.organisationId,
        profileId: job.profileId,
        actor: scope.actor,
        email: scope.email,
      },
      {
        vehicle: {
          vin: job.vin,
          vrm: job.vrm ?? undefined,
          make: job.make ?? undefined,
          model: job.model ?? undefined,
          modelVariant: job.modelVariant ?? undefined,
        },
        origin: { location: { type: "INTERNAL", siteId: collectionSite.id } },
        destination: { location: { type: "INTERNAL", siteId: prepSite.id }, deliveryByDate },
        businessArea: job.businessArea,
        transportMethod: body.transportMethod ?? "DRIVEN",
      },
      { to: "planningPool" },
      now,
    );
    if (request.prepJobId !== job.id) {
      throw new AppError(
        "INVALID_STATUS_TRANSITION",
        `Another open prep job of VIN ${job.vin} would receive the inbound movement; settle that job first.`,
      );
    }
    return readPrepJobResponse(tx, job);
  });
}

/** Parked: INBOUND/PENDING_MOVEMENT_REQUEST without a prep site (created by inbound-pending). */
function assertParked(job: PrepJob): void {
  const parked =
    samePosition(job, PREP_JOB_CREATED_AT["inbound-pending"]) &&
    job.prepSiteId === null &&
    canApply("inboundMovementCreated", job);
  if (!parked) {
    const where = job.prepSiteId === null ? "" : " and already has a prep site";
    throw new AppError(
      "INVALID_STATUS_TRANSITION",
      `Prep job ${job.id} is at ${describePosition(job)}${where}: only a parked INBOUND/PENDING_MOVEMENT_REQUEST job without a prep site can be assigned one.`,
    );
  }
}

function addDays(date: string, days: number): string {
  return toDateOnly(new Date(fromDateOnly(date).getTime() + days * 86_400_000));
}
