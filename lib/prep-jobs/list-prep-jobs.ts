// GET /prep-jobs (extension): the profile's prep jobs, newest first, filtered, keyset-paginated on
// (createdAt desc, id desc) so that pages stay stable while jobs are added.
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { encodeKeysetCursor, type KeysetCursor } from "@/lib/http/keyset-cursor";
import type { PrepJobScope } from "@/lib/prep-jobs/get-prep-job-or-throw";
import { PREP_JOBS_PAGE_DEFAULT, type ListPrepJobsResponse } from "@/lib/prep-jobs/schemas";
import type { PrepJobStage, PrepJobSubstage } from "@/lib/generated/prisma/enums";
import { prepJobResponseInclude, toPrepJobResponse } from "@/lib/prep-jobs/to-prep-job-response";

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
  const where: Prisma.PrepJobWhereInput = {
    organisationId: scope.organisationId,
    profileId: scope.profileId,
    vin: filters.vin?.toUpperCase(),
    vrm: filters.vrm,
    stage: filters.stage,
    substage: filters.substage,
    prepSiteId: filters.prepSiteId,
    ...(filters.cursor ? after(filters.cursor) : {}),
  };
  const rows = await db().prepJob.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
    include: prepJobResponseInclude,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    data: page.map(toPrepJobResponse),
    nextCursor: rows.length > limit && last ? encodeKeysetCursor({ at: last.createdAt, id: last.id }) : null,
  };
}

/**
 * Strictly after the cursor's job in (createdAt desc, id desc) order. The `lte` bound repeats what the
 * OR says so that the index ((profileId, createdAt desc, id desc) and its per-filter twins) starts at the
 * cursor: a deep page then costs what the first does (issue #15).
 */
function after(cursor: KeysetCursor): Prisma.PrepJobWhereInput {
  return {
    createdAt: { lte: cursor.at },
    OR: [{ createdAt: { lt: cursor.at } }, { createdAt: cursor.at, id: { lt: cursor.id } }],
  };
}
