import { byToken, jobViewResponse } from "@/lib/carrier-jobs/job-endpoints";

export const dynamic = "force-dynamic";

// GET /jobs/{token}/view — the job page's data as JSON (its refresh after an action); 404 once not valid
export async function GET(_request: Request, { params }: { params: Promise<{ token: string }> }) {
  return jobViewResponse(byToken((await params).token));
}
