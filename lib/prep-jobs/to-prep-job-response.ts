// Database row → the specification's prep job body. Optional fields are absent, never null; prepSiteId
// is the one exception: null while an inbound job is parked (documented deviation, extensions section 3).
import type { Prisma, PrepJob } from "@/lib/generated/prisma/client";
import type { PrepJobResponse } from "@/lib/prep-jobs/schemas";

/**
 * The job's movement requests that can still be its current inbound or outbound one: not cancelled,
 * newest first (a cancelled request is replaced by the next one created for the vehicle).
 */
export const currentMovementRequests = {
  where: { status: { not: "CANCELLED" }, prepJobDirection: { not: null } },
  select: { id: true, prepJobDirection: true },
  orderBy: [{ createdAt: "desc" }, { id: "desc" }],
} satisfies Prisma.PrepJob$movementRequestsArgs;

/** What a prep job body is made from: the row and its current movement requests. */
export type PrepJobWithMovementRequests = PrepJob & {
  movementRequests: Pick<Prisma.MovementRequestGetPayload<object>, "id" | "prepJobDirection">[];
};

/** Include this in a prep job query to make a body of its rows. */
export const prepJobResponseInclude = { movementRequests: currentMovementRequests } as const;

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

/** The body of a job just written in this transaction (its movement requests read with it). */
export async function readPrepJobResponse(
  tx: Prisma.TransactionClient,
  job: Pick<PrepJob, "id">,
): Promise<PrepJobResponse> {
  return toPrepJobResponse(
    await tx.prepJob.findUniqueOrThrow({ where: { id: job.id }, include: prepJobResponseInclude }),
  );
}

function optional<K extends string, V>(key: K, value: V | null): { [P in K]?: V } {
  return (value === null ? {} : { [key]: value }) as { [P in K]?: V };
}
