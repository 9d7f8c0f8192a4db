// POST /prep-jobs/inbound-pending: a vehicle has been bought but no prep site chosen yet. The job is
// created parked (INBOUND/PENDING_MOVEMENT_REQUEST, prepSiteId null) until a prep site is assigned
// (POST /operations/prep-jobs/{id}/assign-site), which creates its inbound movement from the collection
// location. It is created by an integrator through the API, not by a movement request: CREATED_MANUALLY.
// A VIN with an open job in the organisation is refused (409 PREP_JOB_ALREADY_EXISTS).
import { transaction } from "@/lib/db";
import type { PrepJob } from "@/lib/generated/prisma/client";
import { getSitesOrThrow } from "@/lib/infrastructure/get-sites-or-throw";
import { newId } from "@/lib/ids";
import type { Creator } from "@/lib/movement-requests/create-movement-request";
import { assertNoOpenPrepJob } from "@/lib/prep-job-stages/open-prep-job";
import { recordPrepJobEvent } from "@/lib/prep-job-stages/change-prep-job-stage";
import type { CreateInboundPendingBody, PrepJobResponse } from "@/lib/prep-jobs/schemas";
import { PREP_JOB_CREATED_AT } from "@/lib/prep-job-stages/stage-rules";
import { readPrepJobResponse } from "@/lib/prep-jobs/to-prep-job-response";

export async function createInboundPendingPrepJob(
  creator: Creator,
  body: CreateInboundPendingBody,
): Promise<PrepJobResponse> {
  const now = new Date();
  // One Kysely transaction: the check under the vehicle's lock, the job, its event and outbox rows.
  return transaction(async (tx) => {
    await assertNoOpenPrepJob(tx, creator.organisationId, body.vin);
    const collectionSiteId = body.collectionLocation
      ? (
          await getSitesOrThrow(tx, creator.organisationId, {
            "collectionLocation.siteId": body.collectionLocation.siteId,
          })
        )["collectionLocation.siteId"].id
      : null;
    const job: PrepJob = await tx
      .insertInto("PrepJob")
      .values({
        id: newId(),
        organisationId: creator.organisationId,
        profileId: creator.profileId,
        vin: body.vin,
        vrm: body.vrm ?? null,
        make: body.make ?? null,
        model: body.model ?? null,
        modelVariant: body.modelVariant ?? null,
        prepSiteId: null,
        businessArea: body.businessArea,
        source: "CREATED_MANUALLY",
        ...PREP_JOB_CREATED_AT["inbound-pending"],
        notes: body.notes ?? null,
        createdByUser: creator.email,
        collectionSiteId,
        stageChangedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordPrepJobEvent(tx, job, "prep_job.created", { now, extra: { actor: creator.actor } });
    return readPrepJobResponse(tx, job);
  });
}
