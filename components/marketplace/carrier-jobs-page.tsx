"use client";
// A marketplace carrier's jobs, built for a phone: first the jobs it won ("Your jobs", each opening the
// job page where it records collection and delivery), then each job posted to it with the estimate, a
// button to claim it at that price, a form to bid its own price for a while, and a way to withdraw. The server
// decides everything (matching, expiry, who wins); the page shows its answer after each action.
import Link from "next/link";
import { Brand } from "@/components/layout/brand";
import { SignOutButton } from "@/components/layout/sign-out-button";
import { JobCard } from "@/components/marketplace/carrier-job-card";
import { CarrierJobsLive } from "@/components/marketplace/carrier-jobs-live";
import { OpenJob, type OfferActions } from "@/components/marketplace/open-job";
import { signOutOfStaff } from "@/lib/auth/sign-in-actions";
import type { CarrierJob } from "@/lib/marketplace/list-carrier-jobs";

type Props = {
  carrierName: string;
  email: string;
  jobs: CarrierJob[];
  actions: OfferActions;
};

export function CarrierJobsPage({ carrierName, email, jobs, actions }: Props) {
  const open = jobs.filter((job) => !job.myOffer?.won);
  const won = jobs.filter((job) => job.myOffer?.won);
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="bg-slate-900 px-4 py-3 text-white">
        <div className="mx-auto flex max-w-2xl items-center justify-between gap-3">
          <Brand inverse />
          <SignOutButton action={signOutOfStaff} />
        </div>
      </header>
      <main id="main-content" className="mx-auto max-w-2xl space-y-6 px-4 py-6">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">Marketplace jobs</h1>
          <p className="mt-1 break-words text-slate-700">
            {carrierName} · {email}
          </p>
          <CarrierJobsLive />
        </div>
        <section aria-labelledby="won-jobs" className="space-y-3">
          <h2 id="won-jobs" className="text-lg font-semibold text-slate-900">
            Your jobs ({won.length})
          </h2>
          {won.length === 0 ? (
            <p className="rounded-lg border border-slate-200 bg-white p-4 text-slate-700">
              None yet. A job whose claim or bid is accepted moves here, to be collected and delivered.
            </p>
          ) : (
            won.map((job) => (
              <JobCard key={job.id} job={job}>
                <Link
                  href={`/carrier/jobs/${job.id}`}
                  className="inline-flex min-h-11 items-center rounded-md bg-blue-700 px-4 font-medium text-white hover:bg-blue-800"
                >
                  Open the job
                </Link>
              </JobCard>
            ))
          )}
        </section>
        <section aria-labelledby="open-jobs" className="space-y-3">
          <h2 id="open-jobs" className="text-lg font-semibold text-slate-900">
            Open jobs ({open.length})
          </h2>
          {open.length === 0 ? (
            <p className="rounded-lg border border-slate-200 bg-white p-4 text-slate-700">
              Nothing posted to you right now. New jobs for your areas and transport methods appear here, and
              you get an e-mail for each.
            </p>
          ) : (
            open.map((job) => <OpenJob key={job.id} job={job} actions={actions} />)
          )}
        </section>
      </main>
    </div>
  );
}
