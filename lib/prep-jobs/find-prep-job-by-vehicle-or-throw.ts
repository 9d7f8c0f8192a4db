// The specification's prep-job lookup: by vin or vrm within the caller's profile. vin takes precedence
// and is then the only criterion (no fallback to vrm); the vrm is matched exactly as stored. When the
// vehicle was prepared more than once, the newest job still in progress wins, else the newest.
import { AppError } from "@/lib/errors/app-error";
import type { Kdb } from "@/lib/db";
import type { PrepJob } from "@/lib/generated/prisma/client";
import { prepJobNotFound, type PrepJobScope } from "@/lib/prep-jobs/get-prep-job-or-throw";
import { isOpenPrepJob } from "@/lib/prep-job-stages/open-prep-job";

export type VehicleLookup = { vin?: string; vrm?: string };

export async function findPrepJobByVehicleOrThrow(
  kdb: Kdb,
  scope: PrepJobScope,
  lookup: VehicleLookup,
  options: { forUpdate?: boolean } = {},
): Promise<PrepJob> {
  const { column, value } = criterionOf(lookup);
  const { profileId } = scope;
  const candidates = kdb
    .selectFrom("PrepJob")
    .where("organisationId", "=", scope.organisationId)
    .$if(profileId !== undefined, (query) => query.where("profileId", "=", profileId as string))
    .where(column, "=", value);
  if (options.forUpdate) {
    // Every candidate is locked (in id order, so that two callers cannot deadlock) before the choice
    // is made, so the choice cannot go stale while this transaction waits.
    await candidates.select("id").orderBy("id").forUpdate().execute();
  }
  // One statement: the jobs in progress first, each group newest first.
  const job: PrepJob | undefined = await candidates
    .selectAll()
    .orderBy((eb) => eb.case().when(isOpenPrepJob(eb)).then(0).else(1).end())
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
  if (!job) throw prepJobNotFound(`No prep job was found for ${column} "${value}".`);
  return job;
}

function criterionOf(lookup: VehicleLookup): { column: "vin" | "vrm"; value: string } {
  // VINs are stored upper-case; VRMs exactly as sent.
  if (lookup.vin !== undefined) return { column: "vin", value: lookup.vin.toUpperCase() };
  if (lookup.vrm !== undefined) return { column: "vrm", value: lookup.vrm };
  // The query schema refuses a lookup with neither; a domain caller that forgets gets the same answer.
  throw new AppError("VALIDATION_ERROR", "Give a vin or a vrm to find a prep job.");
}
