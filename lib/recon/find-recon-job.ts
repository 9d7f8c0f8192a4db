// The prep job and work item a recon call names, within the caller's scope: an API caller's profile,
// or a staff user's organisation. Another organisation's (or profile's) job or item is "not found",
// exactly like one that does not exist. (lib/prep-jobs reads whole jobs for its own bodies; this reads
// only what recon needs, below the stage changes that call it.)
import type { Kdb } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import type { PrepJob, ReconWorkItem } from "@/lib/generated/prisma/client";

export type ReconScope = { organisationId: string; profileId?: string };

export type ReconJob = Pick<
  PrepJob,
  "id" | "organisationId" | "profileId" | "prepSiteId" | "vin" | "vrm" | "stage" | "substage"
>;

export async function findReconJobOrThrow(tx: Kdb, scope: ReconScope, prepJobId: string): Promise<ReconJob> {
  const { profileId } = scope;
  const job = await tx
    .selectFrom("PrepJob")
    .select(["id", "organisationId", "profileId", "prepSiteId", "vin", "vrm", "stage", "substage"])
    .where("id", "=", prepJobId)
    .where("organisationId", "=", scope.organisationId)
    .$if(profileId !== undefined, (query) => query.where("profileId", "=", profileId as string))
    .executeTakeFirst();
  if (!job) throw new AppError("PREP_JOB_NOT_FOUND", `No prep job ${prepJobId} was found.`);
  return job;
}

/** The item under a row lock (FOR UPDATE) for the rest of the transaction, with its job. */
export async function findWorkItemForUpdateOrThrow(
  tx: Kdb,
  scope: ReconScope,
  ref: { prepJobId: string; itemId: string },
): Promise<{ job: ReconJob; item: ReconWorkItem }> {
  const job = await findReconJobOrThrow(tx, scope, ref.prepJobId);
  const item: ReconWorkItem | undefined = await tx
    .selectFrom("ReconWorkItem")
    .selectAll()
    .where("id", "=", ref.itemId)
    .where("prepJobId", "=", job.id)
    .forUpdate()
    .executeTakeFirst();
  if (!item)
    throw new AppError("WORK_ITEM_NOT_FOUND", `No work item ${ref.itemId} was found on this prep job.`);
  return { job, item };
}

/** 409 VERSION_CONFLICT when the caller names a version that is no longer the item's. */
export function assertVersion(
  item: Pick<ReconWorkItem, "id" | "version">,
  expected: number | undefined,
): void {
  if (expected !== undefined && expected !== item.version) {
    throw new AppError(
      "VERSION_CONFLICT",
      `Work item ${item.id} is at version ${item.version}, not ${expected}: read it again, then retry.`,
    );
  }
}
