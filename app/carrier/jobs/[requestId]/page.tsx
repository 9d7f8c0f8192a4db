import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { JobPage } from "@/components/carrier-jobs/job-page";
import { toJobView } from "@/lib/carrier-jobs/get-job-view";
import { resolveCarrierJob } from "@/lib/marketplace/resolve-carrier-job";
import { requireCarrier } from "@/lib/marketplace/carrier-context";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Your job", robots: { index: false, follow: false } };

// /carrier/jobs/{id} — a job the signed-in marketplace carrier won: the job link's page, with the
// carrier's session and award as the credential (docs/carrier-journey.md). Anything else is 404.
export default async function CarrierJob({ params }: { params: Promise<{ requestId: string }> }) {
  const { requestId } = await params;
  const { carrier } = await requireCarrier();
  const resolved = await resolveCarrierJob(carrier, requestId);
  if (!resolved) notFound();
  const view = await toJobView(resolved, new Date());
  return (
    <>
      <nav aria-label="Back" className="mx-auto w-full max-w-xl px-4 pt-4">
        <Link href="/carrier/jobs" className="text-sm font-medium text-blue-700 underline underline-offset-2">
          ← Your marketplace jobs
        </Link>
      </nav>
      {/* The request's random part names its offline queues (a token's first 12 characters otherwise). */}
      <JobPage base={`/carrier/jobs/${requestId}`} queueKey={`m${requestId.slice(-11)}`} initialView={view} />
    </>
  );
}
