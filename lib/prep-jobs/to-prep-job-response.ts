// Database row → the specification's prep job body. Optional fields are absent, never null; prepSiteId
// is the one exception: null while an inbound job is parked (documented deviation, extensions section 3).
import { sql, type DB, type ExpressionBuilder, type Kdb } from "@/lib/db";
import type { MovementRequest, PrepJob } from "@/lib/generated/prisma/client";
import { CALLED_OFF_STATUSES } from "@/lib/movement-requests/transitions";
import type { PrepJobResponse } from "@/lib/prep-jobs/schemas";

/**
 * The job's movement requests that can still be its current inbound or outbound one: not called off
 * (cancelled or aborted; docs/prep-jobs.md), newest first (one called off is replaced by the next one
 * created for the vehicle).
 */
export function currentMovementRequests(eb: ExpressionBuilder<DB & { j: DB["PrepJob"] }, "j">) {
  return sql<PrepJobWithMovementRequests["movementRequests"]>`COALESCE((${eb
    .selectFrom("MovementRequest as r")
    .select(
      sql`jsonb_agg(jsonb_build_object('id', r."id", 'prepJobDirection', r."prepJobDirection")
          ORDER BY r."createdAt" DESC, r."id" DESC)`.as("requests"),
    )
    .whereRef("r.prepJobId", "=", "j.id")
    .where("r.status", "not in", CALLED_OFF_STATUSES)
    .where("r.prepJobDirection", "is not", null)}), '[]'::jsonb)`.as("movementRequests");
}

/** What a prep job body is made from: the row (as `j`) and its current movement requests. */
export type PrepJobWithMovementRequests = PrepJob & {
  movementRequests: Pick<MovementRequest, "id" | "prepJobDirection">[];
};

export function toPrepJobResponse(job: PrepJobWithMovementRequests): PrepJobResponse {
  const inbound = job.movementRequests.find((request) => request.prepJobDirection === "INBOUND");
  const outbound = job.movementRequests.find((request) => request.prepJobDirection === "OUTBOUND");
  return {
    id: job.id,
    vin: job.vin,
    ...optional("vrm", job.vrm),
    ...optional("make", job.make),
    ...optional("model", job.model),
    ...optional("modelVariant", job.modelVariant),
    prepSiteId: job.prepSiteId,
    businessArea: job.businessArea,
    source: job.source,
    stage: job.stage,
    ...optional("substage", job.substage),
    ...optional("notes", job.notes),
    ...optional("inboundMovementRequestId", inbound?.id ?? null),
    ...optional("outboundMovementRequestId", outbound?.id ?? null),
    createdByUser: job.createdByUser,
    createdAt: job.createdAt.toISOString(),
    updatedAt: job.updatedAt.toISOString(),
  };
}

/**
 * The body of a job just written in this transaction, with its current movement requests (as
 * currentMovementRequests reads them), in one statement: the prep-job writes run it in their transaction.
 */
export async function readPrepJobResponse(tx: Kdb, job: Pick<PrepJob, "id">): Promise<PrepJobResponse> {
  const row = await tx
    .selectFrom("PrepJob as j")
    .selectAll("j")
    .select(currentMovementRequests)
    .where("j.id", "=", job.id)
    .executeTakeFirstOrThrow();
  return toPrepJobResponse(row);
}

function optional<K extends string, V>(key: K, value: V | null): { [P in K]?: V } {
  return (value === null ? {} : { [key]: value }) as { [P in K]?: V };
}
