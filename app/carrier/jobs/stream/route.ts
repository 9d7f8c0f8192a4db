import { carrierJobsStream } from "@/lib/marketplace/carrier-jobs-stream";

export const dynamic = "force-dynamic";

// GET /carrier/jobs/stream — the signed-in carrier's live changes (SSE): each award of a job to it
export const GET = carrierJobsStream;
