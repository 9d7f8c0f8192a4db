// The specification's prep-job lookup: by vin or vrm within the caller's profile. vin takes precedence
// and is then the only criterion (no fallback to vrm); the vrm is matched exactly as stored. When the
// vehicle was prepared more than once, the newest job still in progress wins, else the newest.
import { AppError } from "@/lib/errors/app-error";
import { asKysely } from "@/lib/db";
import type { Prisma, PrepJob } from "@/lib/generated/prisma/client";
import { prepJobNotFound, type PrepJobScope } from "@/lib/prep-jobs/get-prep-job-or-throw";
import { PREP_JOB_FINISHED } from "@/lib/prep-jobs/stage-rules";

export type VehicleLookup = { vin?: string; vrm?: string };

/** Not finished: anything but OUTBOUND/DELIVERED (written out so that a null substage stays in). */
const IN_PROGRESS: Prisma.PrepJobWhereInput = {
  OR: [
    { stage: { not: PREP_JOB_FINISHED.stage } },
    { substage: null },
    { substage: { not: PREP_JOB_FINISHED.substage } },
  ],
};

const NEWEST_FIRST: Prisma.PrepJobOrderByWithRelationInput[] = [{ createdAt: "desc" }, { id: "desc" }];

export async function findPrepJobByVehicleOrThrow(
  tx: Prisma.TransactionClient,
  scope: PrepJobScope,
  lookup: VehicleLookup,
  options: { forUpdate?: boolean } = {},
): Promise<PrepJob> {
  const criterion = criterionOf(lookup);
  const where: Prisma.PrepJobWhereInput = {
    organisationId: scope.organisationId,
    profileId: scope.profileId,
    ...criterion,
  };
  if (options.forUpdate) {
    // Every candidate is locked (in id order, so that two callers cannot deadlock) before the choice
    // is made, so the choice cannot go stale while this transaction waits.
    const { profileId } = scope;
    await asKysely(tx)
      .selectFrom("PrepJob")
      .select("id")
      .where("organisationId", "=", scope.organisationId)
      .$if(profileId !== undefined, (query) => query.where("profileId", "=", profileId as string))
      .$if("vin" in criterion, (query) => query.where("vin", "=", (criterion as { vin: string }).vin))
      .$if("vrm" in criterion, (query) => query.where("vrm", "=", (criterion as { vrm: string }).vrm))
      .orderBy("id")
      .forUpdate()
      .execute();
  }
  const job =
    (await tx.prepJob.findFirst({ where: { AND: [where, IN_PROGRESS] }, orderBy: NEWEST_FIRST })) ??
    (await tx.prepJob.findFirst({ where, orderBy: NEWEST_FIRST }));
  if (!job) {
    const [field, value] = "vin" in criterion ? ["vin", criterion.vin] : ["vrm", criterion.vrm];
    throw prepJobNotFound(`No prep job was found for ${field} "${value}".`);
  }
  return job;
}

function criterionOf(lookup: VehicleLookup): { vin: string } | { vrm: string } {
  // VINs are stored upper-case; VRMs exactly as sent.
  if (lookup.vin !== undefined) return { vin: lookup.vin.toUpperCase() };
  if (lookup.vrm !== undefined) return { vrm: lookup.vrm };
  // The query schema refuses a lookup with neither; a domain caller that forgets gets the same answer.
  throw new AppError("VALIDATION_ERROR", "Give a vin or a vrm to find a prep job.");
}
