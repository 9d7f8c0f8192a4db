import { jobManifestResponse } from "@/lib/carrier-jobs/job-pwa";

// GET /jobs/{token}/manifest.webmanifest — installs the job page as an app that opens this job
export async function GET(_request: Request, { params }: { params: Promise<{ token: string }> }) {
  return jobManifestResponse((await params).token);
}
