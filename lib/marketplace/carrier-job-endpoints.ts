// The marketplace carrier's job routes (/carrier/jobs/{id}/…): the job page's own handlers
// (lib/carrier-jobs/job-endpoints.ts, lib/carrier-jobs/proof-endpoints.ts) with the carrier's session and
// award as the credential instead of a token. Signed out or signed in as staff: 401. A request that
// is not this carrier's won job (another carrier's, another organisation's, one it lost): 404, which
// confirms nothing. The front door refuses cross-site writes before any of this (proxy.ts).
import "server-only";
import { AppError } from "@/lib/errors/app-error";
import { rateLimitOf, type JobOpener } from "@/lib/carrier-jobs/job-endpoints";
import { resolveCarrierJob } from "@/lib/marketplace/resolve-carrier-job";
import { signedInCarrier } from "@/lib/marketplace/carrier-context";

export const byCarrierSession =
  (requestId: string): JobOpener =>
  async () => {
    const context = await signedInCarrier();
    if (!context) throw new AppError("UNAUTHORIZED", "Sign in as the carrier that won this job.");
    const resolved = await resolveCarrierJob(context.carrier, requestId);
    if (!resolved) throw new AppError("NOT_FOUND", "You have no job with this id.");
    return { resolved, headers: await rateLimitOf(resolved) };
  };
