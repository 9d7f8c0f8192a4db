import { withApi } from "@/lib/http/with-api";
import { awaitOutboundMovement } from "@/lib/prep-jobs/await-outbound-movement";
import { prepJobLookupQuery } from "@/lib/prep-jobs/schemas";

// PATCH /v1/prep-jobs/pending-movement-request?vin=…&vrm=… — preparation done, awaiting an outbound movement
export const PATCH = withApi(
  { scope: "integration", schemas: { query: prepJobLookupQuery } },
  async ({ caller, query }) => Response.json(await awaitOutboundMovement(caller, query)),
);
