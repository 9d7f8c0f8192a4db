"use client";
// A marketplace carrier's jobs, built for a phone: each job posted to it with the estimate, a button to
// claim it at that price, and a form to bid its own price for a while; then what it has won. The server
// decides everything (matching, expiry, who wins); the page shows its answer after each action.
import { useState, type FormEvent } from "react";
import { Brand } from "@/components/layout/brand";
import { SignOutButton } from "@/components/layout/sign-out-button";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { signOutOfStaff } from "@/lib/auth/sign-in-actions";
import type { ActionResult } from "@/lib/http/action-result";
import type { CarrierJob } from "@/lib/marketplace/list-carrier-jobs";
import type { OfferOutcome } from "@/lib/marketplace/place-offer";
import { BID_VALIDITY_HOURS } from "@/lib/marketplace/schemas";
import { formatMoney } from "@/lib/movement-requests/money";
import { STATUS_LABEL } from "@/lib/movement-requests/status-labels";
import { formatTrackingDay } from "@/lib/movement-requests/tracking-times";

type Action = (input: unknown) => Promise<ActionResult<OfferOutcome>>;
type Props = {
  carrierName: string;
  email: string;
  jobs: CarrierJob[];
  actions: { claim: Action; bid: Action };
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
        </div>
        <section aria-labelledby="open-jobs" className="space-y-3">
          <h2 id="open-jobs" className="text-lg font-semibold text-slate-900">
            Open to you ({open.length})
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
        {won.length > 0 ? (
          <section aria-labelledby="won-jobs" className="space-y-3">
            <h2 id="won-jobs" className="text-lg font-semibold text-slate-900">
              Won ({won.length})
            </h2>
            {won.map((job) => (
              <JobCard key={job.id} job={job} />
            ))}
          </section>
        ) : null}
      </main>
    </div>
  );
}

function JobCard({ job, children }: { job: CarrierJob; children?: React.ReactNode }) {
  const deadline = job.deliverBy.time
    ? `${formatTrackingDay({ date: job.deliverBy.date, timeslot: null })}, ${job.deliverBy.time}`
    : formatTrackingDay({ date: job.deliverBy.date, timeslot: job.deliverBy.slot });
  return (
    <article
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
      aria-label={`${job.vehicle} ${job.vrm ?? ""}`.trim()}
      data-testid="carrier-job"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="text-lg font-semibold break-words text-slate-900">{job.vehicle}</h3>
          <p className="text-slate-700">
            {job.vrm ? <strong className="mr-2">{job.vrm}</strong> : null}
            {job.transportMethod === "DRIVEN" ? "Driven" : "Transported"}
          </p>
        </div>
        <Badge tone={job.myOffer?.won ? "success" : "info"}>
          <span data-testid="carrier-job-status">{STATUS_LABEL[job.status]}</span>
        </Badge>
      </div>
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-medium text-slate-600">Collect from</dt>
          <dd className="break-words text-slate-900">
            {job.origin.name}, {job.origin.city} {job.origin.postcode}
          </dd>
          <dd className="text-slate-700">
            Ready {formatTrackingDay({ date: job.readyFrom.date, timeslot: job.readyFrom.slot })}
          </dd>
        </div>
        <div>
          <dt className="font-medium text-slate-600">Deliver to</dt>
          <dd className="break-words text-slate-900">
            {job.destination.name}, {job.destination.city} {job.destination.postcode}
          </dd>
          <dd className="text-slate-700">By {deadline}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-600">Estimate</dt>
          <dd className="text-slate-900">{formatMoney(job.estimate)}</dd>
        </div>
        {job.myOffer ? (
          <div>
            <dt className="font-medium text-slate-600">{job.myOffer.won ? "Agreed price" : "Your offer"}</dt>
            <dd className="text-slate-900" data-testid="my-offer">
              {job.myOffer.kind === "CLAIM" ? "Claimed at " : "Bid "}
              {formatMoney(job.myOffer.price)}
              {job.myOffer.expiresAt && !job.myOffer.won ? (
                <span className={job.myOffer.expired ? "text-red-700" : "text-slate-700"}>
                  {job.myOffer.expired ? " · expired " : " · until "}
                  {new Date(job.myOffer.expiresAt).toLocaleString("en-GB", {
                    weekday: "short",
                    hour: "2-digit",
                    minute: "2-digit",
                  })}
                </span>
              ) : null}
            </dd>
          </div>
        ) : null}
      </dl>
      {children}
    </article>
  );
}

function OpenJob({ job, actions }: { job: CarrierJob; actions: Props["actions"] }) {
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<{ tone: "success" | "danger"; text: string } | null>(null);
  const [bidding, setBidding] = useState(false);

  async function send(action: Action, input: unknown) {
    setPending(true);
    const result = await action(input);
    setPending(false);
    if (!result.ok) return setMessage({ tone: "danger", text: result.message });
    setBidding(false);
    setMessage({
      tone: "success",
      text: result.data.won ? "It is yours: the job was accepted." : "Sent. The dispatcher will decide.",
    });
  }

  function submitBid(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void send(actions.bid, {
      requestId: job.id,
      price: String(form.get("price") ?? ""),
      validForHours: String(form.get("validForHours") ?? ""),
    });
  }

  const priceId = `price-${job.id}`;
  const validityId = `validity-${job.id}`;
  return (
    <JobCard job={job}>
      <div className="flex flex-wrap gap-2">
        {job.estimate ? (
          <Button size="lg" loading={pending} onClick={() => void send(actions.claim, { requestId: job.id })}>
            Claim at {formatMoney(job.estimate)}
          </Button>
        ) : null}
        <Button
          size="lg"
          variant="secondary"
          disabled={pending}
          onClick={() => setBidding(!bidding)}
          aria-expanded={bidding}
        >
          Bid a price
        </Button>
      </div>
      {bidding ? (
        <form
          onSubmit={submitBid}
          className="grid gap-3 rounded-md border border-slate-200 bg-slate-50 p-3 sm:grid-cols-2"
        >
          <div>
            <Label htmlFor={priceId}>Your price (£)</Label>
            <Input
              id={priceId}
              name="price"
              inputMode="decimal"
              required
              autoComplete="off"
              className="mt-1"
            />
          </div>
          <div>
            <Label htmlFor={validityId}>Stands for</Label>
            <Select id={validityId} name="validForHours" defaultValue="24" className="mt-1">
              {BID_VALIDITY_HOURS.map((hours) => (
                <option key={hours} value={hours}>
                  {hours === 1
                    ? "1 hour"
                    : hours < 24
                      ? `${hours} hours`
                      : `${hours / 24} day${hours > 24 ? "s" : ""}`}
                </option>
              ))}
            </Select>
          </div>
          <div className="sm:col-span-2">
            <Button type="submit" loading={pending}>
              Send bid
            </Button>
          </div>
        </form>
      ) : null}
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
    </JobCard>
  );
}
