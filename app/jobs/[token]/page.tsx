import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { JobPage } from "@/components/carrier-jobs/job-page";
import { getJobView } from "@/lib/carrier-jobs/get-job-view";

export const dynamic = "force-dynamic";

export async function generateMetadata({
  params,
}: {
  params: Promise<{ token: string }>;
}): Promise<Metadata> {
  const { token } = await params;
  return {
    title: "Your job",
    robots: { index: false, follow: false },
    referrer: "no-referrer",
    manifest: `/jobs/${encodeURIComponent(token)}/manifest.webmanifest`,
  };
}

// /jobs/{token} — a carrier's job: no account, the link is the credential (docs/carrier-journey.md)
export default async function CarrierJobPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const view = await getJobView(token);
  if (!view) notFound();
  return (
    <JobPage base={`/jobs/${encodeURIComponent(token)}`} queueKey={token} initialView={view} installable />
  );
}
