// One open prep job per vehicle and organisation (extensions section 3). "Open": any stage short of
// OUTBOUND/DELIVERED. The check and the insert that follows it are made race-safe by a transaction-level
// advisory lock on (organisation, VIN): a second transaction for the same vehicle waits for the first
// to commit, then sees its job. (A partial unique index would also refuse jobs that movement requests
// create in other profiles of the organisation, which the specification allows.)
import { asKysely, sql } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import type { Prisma, PrepJob } from "@/lib/generated/prisma/client";
import { PREP_JOB_FINISHED } from "@/lib/prep-jobs/stage-rules";

/** Where-clause of an open job: not finished (OUTBOUND/DELIVERED). */
export const OPEN_PREP_JOB: Prisma.PrepJobWhereInput = { NOT: { ...PREP_JOB_FINISHED } };

/** Holds until the transaction ends; other processes wait on the same key. */
export async function lockVehicle(tx: Prisma.TransactionClient, organisationId: string, vin: string) {
  const key = `prep-job:${organisationId}:${vin}`;
  // In FROM, so that the statement returns a row rather than a void value.
  await sql`SELECT 1 AS locked FROM pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(asKysely(tx));
}

/** Locks the vehicle, then refuses when the organisation already has an open job for it. */
export async function assertNoOpenPrepJob(
  tx: Prisma.TransactionClient,
  organisationId: string,
  vin: string,
): Promise<void> {
  await lockVehicle(tx, organisationId, vin);
  const existing: Pick<PrepJob, "id" | "stage" | "substage"> | null = await tx.prepJob.findFirst({
    where: { organisationId, vin, ...OPEN_PREP_JOB },
    select: { id: true, stage: true, substage: true },
    orderBy: { createdAt: "desc" },
  });
  if (existing) {
    throw new AppError(
      "PREP_JOB_ALREADY_EXISTS",
      `VIN ${vin} already has an open prep job: ${existing.id} (${existing.stage}` +
        `${existing.substage ? `/${existing.substage}` : ""}).`,
      { errors: [{ path: "vin", message: `Open prep job ${existing.id}` }] },
    );
  }
}
