import { withApi } from "@/lib/http/with-api";
import { createInboundPendingPrepJob } from "@/lib/prep-jobs/create-inbound-pending-prep-job";
import { createInboundPendingBody } from "@/lib/prep-jobs/schemas";

// POST /v1/prep-jobs/inbound-pending — a bought vehicle, parked until a prep site is assigned
export const POST = withApi(
  { scope: "integration", schemas: { body: createInboundPendingBody } },
  async ({ caller, body }) => Response.json(await createInboundPendingPrepJob(caller, body), { status: 201 }),
);
