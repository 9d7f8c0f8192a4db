import { withApi } from "@/lib/http/with-api";
import { movePrepJob } from "@/lib/prep-jobs/move-prep-job";
import { movePrepJobBody, prepJobParams } from "@/lib/prep-jobs/schemas";

// POST /v1/operations/prep-jobs/{id}/move — a stage move as the kanban makes it, through the same rules
export const POST = withApi(
  { scope: "operations", schemas: { params: prepJobParams, body: movePrepJobBody } },
  async ({ caller, params, body }) => Response.json(await movePrepJob(caller, params.id, body)),
);
