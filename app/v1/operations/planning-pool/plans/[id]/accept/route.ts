import { withApi } from "@/lib/http/with-api";
import { acceptPoolPlan } from "@/lib/planning/accept-pool-plan";
import { acceptPoolPlanBody, poolPlanParams } from "@/lib/planning/schemas";

// POST /v1/operations/planning-pool/plans/{id}/accept — assign all or part of a proposed plan
export const POST = withApi(
  { scope: "operations", schemas: { params: poolPlanParams, body: acceptPoolPlanBody } },
  async ({ caller, params, body }) => Response.json(await acceptPoolPlan(caller, params.id, body)),
);
