import { withApi } from "@/lib/http/with-api";
import { getPrepJob } from "@/lib/prep-jobs/get-prep-job";
import { prepJobParams } from "@/lib/prep-jobs/schemas";

// GET /v1/prep-jobs/{id} — one prep job of the profile (extension)
export const GET = withApi(
  { scope: "integration", schemas: { params: prepJobParams } },
  async ({ caller, params }) => Response.json(await getPrepJob(caller, params.id)),
);
