// One open prep job per vehicle and organisation (extensions section 3). "Open": any stage short of
// OUTBOUND/DELIVERED. The check and the insert that follows it are made race-safe by a transaction-level
// advisory lock on (organisation, VIN): a second transaction for the same vehicle waits for the first
// to commit, then sees its job. (A partial unique index would also refuse jobs that movement requests
// create in other profiles of the organisation, which the specification allows.)
import { sql, type DB, type ExpressionBuilder, type Kdb } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import type { PrepJob } from "@/lib/generated/prisma/client";
import { PREP_JOB_FINISHED } from "@/lib/prep-job-stages/stage-rules";

/** Where-clause of an open job: not at the finished position (OUTBOUND/DELIVERED) of the stage rules. */
export function isOpenPrepJob(eb: ExpressionBuilder<DB, "PrepJob">) {
  return eb.not(
    eb.and([
      eb("PrepJob.stage", "=", PREP_JOB_FINISHED.stage),
      eb("PrepJob.substage", "is not distinct from", PREP_JOB_FINISHED.substage),
    ]),
  );
}

/** Holds until the transaction ends; other processes wait on the same key. */
export async function lockVehicle(tx: Kdb, organisationId: string, vin: string) {
  const key = `prep-job:${organisationId}:${vin}`;
  // In FROM, so that the statement returns a row rather than a void value.
  await sql`SELECT 1 AS locked FROM pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(tx);
}

/** Locks the vehicle, then refuses when the organisation already has an open job for it. */
export async function assertNoOpenPrepJob(tx: Kdb, organisationId: string, vin: string): Promise<void> {
  await lockVehicle(tx, organisationId, vin);
  // A statement after the lock's: it must see a job that the transaction we waited for committed.
  const existing: Pick<PrepJob, "id" | "stage" | "substage"> | undefined = await tx
    .selectFrom("PrepJob")
    .select(["id", "stage", "substage"])
    .where("organisationId", "=", organisationId)
    .where("vin", "=", vin)
    .where(isOpenPrepJob)
    .orderBy("createdAt", "desc")
    .executeTakeFirst();
  if (existing) {
    throw new AppError(
      "PREP_JOB_ALREADY_EXISTS",
      `VIN ${vin} already has an open prep job: ${existing.id} (${existing.stage}` +
        `${existing.substage ? `/${existing.substage}` : ""}).`,
      { errors: [{ path: "vin", message: `Open prep job ${existing.id}` }] },
    );
  }
}
