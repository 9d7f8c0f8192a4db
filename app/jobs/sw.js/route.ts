import { jobServiceWorkerResponse } from "@/lib/carrier-jobs/job-pwa";

// GET /jobs/sw.js — the job pages' service worker (its scope is /jobs/, nothing of the staff UI)
export function GET() {
  return jobServiceWorkerResponse();
}
