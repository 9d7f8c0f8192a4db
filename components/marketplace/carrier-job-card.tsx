// One job on the carrier's jobs page: the vehicle, both ends, the estimate and the carrier's own offer
// (never another carrier's). The open and won lists put their buttons below it.
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import type { CarrierJob } from "@/lib/marketplace/list-carrier-jobs";
import { formatMoney } from "@/lib/movement-requests/money";
import { STATUS_LABEL } from "@/lib/movement-requests/status-labels";
import { formatDeliveryDeadline, formatTrackingDay } from "@/lib/movement-requests/tracking-times";

export function JobCard({ job, children }: { job: CarrierJob; children?: ReactNode }) {
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
          <dd className="text-slate-700">{formatDeliveryDeadline(job.deliverBy)}</dd>
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
