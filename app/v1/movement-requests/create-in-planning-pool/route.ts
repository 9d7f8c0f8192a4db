import { withApi } from "@/lib/http/with-api";
import { createInPlanningPool } from "@/lib/movement-requests/create-movement-request";
import { createInPlanningPoolBody } from "@/lib/movement-requests/schemas";

// POST /v1/movement-requests/create-in-planning-pool — a movement request for the internal planning pool
export const POST = withApi(
  { scope: "integration", schemas: { body: createInPlanningPoolBody } },
  async ({ caller, body }) => Response.json(await createInPlanningPool(caller, body), { status: 201 }),
);
