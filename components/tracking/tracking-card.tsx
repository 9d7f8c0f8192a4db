import type { TrackingView } from "@/lib/movement-requests/get-tracking-view";
import { STATUS_LABEL } from "@/lib/movement-requests/status-labels";

const SLOT_LABEL = { ANYTIME: "any time", AM: "morning", PM: "afternoon" } as const;

function formatDate(date: string): string {
  return new Intl.DateTimeFormat("en-GB", {
    weekday: "short",
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  }).format(new Date(`${date}T00:00:00Z`));
}

function Milestone({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-lg font-medium text-slate-900">{value}</dd>
    </div>
  );
}

export function TrackingCard({ view }: { view: TrackingView }) {
  const when = (estimate: TrackingView["estimatedCollection"]) =>
    estimate.date
      ? `${formatDate(estimate.date)}, ${SLOT_LABEL[estimate.timeslot ?? "ANYTIME"]}`
      : "To be confirmed";
  return (
    <article className="space-y-6">
      <header>
        <p className="text-sm font-medium uppercase tracking-wide text-slate-600">Vehicle movement</p>
        <h1 className="mt-1 text-3xl font-semibold text-slate-900">{STATUS_LABEL[view.status]}</h1>
        <p className="mt-2 text-slate-700">
          {view.vehicle ? `${view.vehicle}, from ` : "From "}
          <strong>{view.originTown}</strong> to <strong>{view.destinationTown}</strong>
        </p>
      </header>
      <dl className="grid gap-3 sm:grid-cols-2">
        <Milestone
          label={view.collectedOn ? "Collected" : "Expected collection"}
          value={view.collectedOn ? formatDate(view.collectedOn) : when(view.estimatedCollection)}
        />
        <Milestone
          label={view.deliveredOn ? "Delivered" : "Expected delivery"}
          value={view.deliveredOn ? formatDate(view.deliveredOn) : when(view.estimatedDelivery)}
        />
      </dl>
      <section aria-labelledby="history-heading">
        <h2 id="history-heading" className="text-lg font-medium text-slate-900">
          History
        </h2>
        <ol className="mt-3 space-y-2 border-l border-slate-300 pl-4">
          {view.history.map((entry) => (
            <li key={`${entry.status}-${entry.at}`} className="text-slate-700">
              <span className="font-medium text-slate-900">{STATUS_LABEL[entry.status]}</span>{" "}
              <time dateTime={entry.at}>
                {new Intl.DateTimeFormat("en-GB", {
                  dateStyle: "medium",
                  timeStyle: "short",
                  timeZone: "UTC",
                }).format(new Date(entry.at))}{" "}
                UTC
              </time>
            </li>
          ))}
        </ol>
      </section>
    </article>
  );
}
