// GET /prep-jobs (extension): the profile's prep jobs, newest first, filtered, keyset-paginated on
// (createdAt desc, id desc) so that pages stay stable while jobs are added.
import { readKysely } from "@/lib/read-replicas/read-kysely";
import { encodeKeysetCursor, type KeysetCursor } from "@/lib/http/keyset-cursor";
import type { PrepJobScope } from "@/lib/prep-jobs/get-prep-job-or-throw";
import { PREP_JOBS_PAGE_DEFAULT, type ListPrepJobsResponse } from "@/lib/prep-jobs/schemas";
import type { PrepJobStage, PrepJobSubstage } from "@/lib/generated/prisma/enums";
import { currentMovementRequests, toPrepJobResponse } from "@/lib/prep-jobs/to-prep-job-response";

export type PrepJobFilters = {
  vin?: string;
  vrm?: string;
  stage?: PrepJobStage;
  substage?: PrepJobSubstage;
  prepSiteId?: string;
  cursor?: KeysetCursor;
  limit?: number;
};

export async function listPrepJobs(
  scope: PrepJobScope,
  filters: PrepJobFilters,
): Promise<ListPrepJobsResponse> {
  const limit = filters.limit ?? PREP_JOBS_PAGE_DEFAULT;
  const { vin, vrm, stage, substage, prepSiteId, cursor } = filters;
  let query = (await readKysely())
    .selectFrom("PrepJob as j")
    .selectAll("j")
    .select(currentMovementRequests)
    .where("j.organisationId", "=", scope.organisationId);
  if (scope.profileId !== undefined) query = query.where("j.profileId", "=", scope.profileId);
  if (vin !== undefined) query = query.where("j.vin", "=", vin.toUpperCase());
  if (vrm !== undefined) query = query.where("j.vrm", "=", vrm);
  if (stage !== undefined) query = query.where("j.stage", "=", stage);
  if (substage !== undefined) query = query.where("j.substage", "=", substage);
  if (prepSiteId !== undefined) query = query.where("j.prepSiteId", "=", prepSiteId);
  if (cursor) {
    // Strictly after the cursor's job in (createdAt desc, id desc) order. The `<=` bound repeats what
    // the OR says so that the index ((profileId, createdAt desc, id desc) and its per-filter twins)
    // starts at the cursor: a deep page then costs what the first does (issue #15).
    query = query
      .where("j.createdAt", "<=", cursor.at)
      .where((eb) =>
        eb.or([
          eb("j.createdAt", "<", cursor.at),
          eb.and([eb("j.createdAt", "=", cursor.at), eb("j.id", "<", cursor.id)]),
        ]),
      );
  }
  const rows = await query
    .orderBy("j.createdAt", "desc")
    .orderBy("j.id", "desc")
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    data: page.map(toPrepJobResponse),
    nextCursor: rows.length > limit && last ? encodeKeysetCursor({ at: last.createdAt, id: last.id }) : null,
  };
}
