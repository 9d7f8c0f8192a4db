// Database row → the specification's prep job body. Optional fields are absent, never null; prepSiteId
// is the one exception: null while an inbound job is parked (documented deviation, extensions section 3).
import type { PrepJob } from "@/lib/generated/prisma/client";
import type { PrepJobResponse } from "@/lib/prep-jobs/schemas";

export function toPrepJobResponse(job: PrepJob): PrepJobResponse {
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
    createdByUser: job.createdByUser,
    createdAt: job.createdAt.toISOString(),
    updatedAt: job.updatedAt.toISOString(),
  };
}

function optional<K extends string, V>(key: K, value: V | null): { [P in K]?: V } {
  return (value === null ? {} : { [key]: value }) as { [P in K]?: V };
}
