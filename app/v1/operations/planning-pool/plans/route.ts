import { withApi } from "@/lib/http/with-api";
import { createPoolPlan } from "@/lib/planning/create-pool-plan";
import { createPoolPlanBody } from "@/lib/planning/schemas";

// POST /v1/operations/planning-pool/plans — plan the pool: a proposed plan of own drivers' chains and 3PLs
export const POST = withApi(
  { scope: "operations", schemas: { body: createPoolPlanBody } },
  async ({ caller, body }) => Response.json(await createPoolPlan(caller, body), { status: 201 }),
);
