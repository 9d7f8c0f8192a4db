"use client";
// A job open to the carrier: claim it at the estimate, bid a price that stands for a while, or take
// back the offer it made while no offer has won. The server decides; the card shows its answer.
import { useState, type FormEvent } from "react";
import { JobCard } from "@/components/marketplace/carrier-job-card";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { HydratedForm } from "@/components/ui/hydrated-form";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import type { ActionResult } from "@/lib/http/action-result";
import type { CarrierJob } from "@/lib/marketplace/list-carrier-jobs";
import { BID_VALIDITY_HOURS } from "@/lib/marketplace/schemas";
import { formatMoney } from "@/lib/movement-requests/money";

export type OfferAction = (input: unknown) => Promise<ActionResult<{ bidId: string; won?: boolean }>>;
export type OfferActions = { claim: OfferAction; bid: OfferAction; withdraw: OfferAction };

export function OpenJob({ job, actions }: { job: CarrierJob; actions: OfferActions }) {
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<{ tone: "success" | "danger"; text: string } | null>(null);
  const [bidding, setBidding] = useState(false);

  async function send(action: OfferAction, input: unknown, done?: string) {
    setPending(true);
    const result = await action(input);
    setPending(false);
    if (!result.ok) return setMessage({ tone: "danger", text: result.message });
    setBidding(false);
    setMessage({
      tone: "success",
      text:
        done ??
        (result.data.won ? "It is yours: the job was accepted." : "Sent. The dispatcher will decide."),
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
        {job.myOffer && !job.myOffer.won ? (
          <Button
            size="lg"
            variant="secondary"
            disabled={pending}
            onClick={() =>
              void send(
                actions.withdraw,
                { requestId: job.id },
                "Withdrawn: you no longer offer to do this job.",
              )
            }
          >
            Withdraw my {job.myOffer.kind === "CLAIM" ? "claim" : "bid"}
          </Button>
        ) : null}
      </div>
      {bidding ? (
        <HydratedForm
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
        </HydratedForm>
      ) : null}
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
    </JobCard>
  );
}
