// Loads a prep job within a scope: an API caller's profile, or (staff, no profileId) the whole
// organisation. Another profile's job is "not found", exactly like one that does not exist.
import type { ApiCaller } from "@/lib/auth/api-caller";
import { AppError } from "@/lib/errors/app-error";
import type { Kdb } from "@/lib/db";
import type { PrepJob } from "@/lib/generated/prisma/client";

export type PrepJobScope = Pick<ApiCaller, "organisationId"> & { profileId?: string };

/** Who acts on a prep job, and within what: an API caller or a staff user. */
export type PrepJobActorScope = PrepJobScope & { actor: string };

export async function getPrepJobOrThrow(
  tx: Kdb,
  scope: PrepJobScope,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<PrepJob> {
  const { profileId } = scope;
  // One statement; FOR UPDATE serialises concurrent changes of the job for the rest of the transaction.
  const job: PrepJob | undefined = await tx
    .selectFrom("PrepJob")
    .selectAll()
    .where("id", "=", id)
    .where("organisationId", "=", scope.organisationId)
    .$if(profileId !== undefined, (query) => query.where("profileId", "=", profileId as string))
    .$if(options.forUpdate === true, (query) => query.forUpdate())
    .executeTakeFirst();
  if (!job) throw prepJobNotFound(`No prep job ${id} was found.`);
  return job;
}

export function prepJobNotFound(message: string): AppError {
  return new AppError("PREP_JOB_NOT_FOUND", message);
}
