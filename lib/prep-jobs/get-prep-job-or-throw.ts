// Loads a prep job within a scope: an API caller's profile, or (staff, no profileId) the whole
// organisation. Another profile's job is "not found", exactly like one that does not exist.
import type { ApiCaller } from "@/lib/auth/api-caller";
import { AppError } from "@/lib/errors/app-error";
import type { Prisma, PrepJob } from "@/lib/generated/prisma/client";

export type PrepJobScope = Pick<ApiCaller, "organisationId"> & { profileId?: string };

/** Who acts on a prep job, and within what: an API caller or a staff user. */
export type PrepJobActorScope = PrepJobScope & { actor: string };

export async function getPrepJobOrThrow(
  tx: Prisma.TransactionClient,
  scope: PrepJobScope,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<PrepJob> {
  if (options.forUpdate) {
    // Serialises concurrent changes of one job for the rest of the transaction.
    await tx.$executeRaw`SELECT 1 FROM "PrepJob" WHERE id = ${id} FOR UPDATE`;
  }
  const job = await tx.prepJob.findFirst({
    where: { id, organisationId: scope.organisationId, profileId: scope.profileId },
  });
  if (!job) throw prepJobNotFound(`No prep job ${id} was found.`);
  return job;
}

export function prepJobNotFound(message: string): AppError {
  return new AppError("PREP_JOB_NOT_FOUND", message);
}
