import type { Metadata } from "next";
import { CarrierJobsPage } from "@/components/marketplace/carrier-jobs-page";
import { requireCarrier } from "@/lib/marketplace/carrier-context";
import { listCarrierJobs } from "@/lib/marketplace/list-carrier-jobs";
import { bidAction, claimAction, withdrawAction } from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Your marketplace jobs", robots: { index: false, follow: false } };

// /carrier/jobs — a marketplace carrier's jobs: what was posted to it, and what it won (CARRIER only)
export default async function CarrierJobs() {
  const { carrier, email } = await requireCarrier();
  const jobs = await listCarrierJobs(carrier);
  return (
    <CarrierJobsPage
      carrierName={carrier.name}
      email={email}
      jobs={jobs}
      actions={{ claim: claimAction, bid: bidAction, withdraw: withdrawAction }}
    />
  );
}
