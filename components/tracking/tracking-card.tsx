// A tracking page's content: where the vehicle is in words the customer uses, the route, when it is
// collected and delivered (in each site's local time, zone named; the arrival as the estimated window
// while there is one), the driver's first name and the progress so far.
import { TrackingTimeline } from "@/components/tracking/tracking-timeline";
import { CUSTOMER_STATUS_LABEL } from "@/lib/movement-requests/customer-status";
import type { TrackingPlace, TrackingView } from "@/lib/movement-requests/get-tracking-view";
import {
  formatArrivalWindow,
  formatTrackingDay,
  timeZoneLabel,
} from "@/lib/movement-requests/tracking-times";

function KeyDate({ label, value, place }: { label: string; value: string; place: TrackingPlace }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-lg font-medium text-slate-900">{value}</dd>
      <dd className="text-sm text-slate-600">
        {place.town}, local time ({timeZoneLabel(place.timeZone, new Date())})
      </dd>
    </div>
  );
}

export function TrackingCard({ view }: { view: TrackingView }) {
  const day = (when: TrackingView["collection"]) =>
    when.day ? formatTrackingDay(when.day) : "To be confirmed";
  return (
    <article className="space-y-6">
      <header>
        <p className="text-sm font-medium tracking-wide text-slate-600 uppercase">Your vehicle movement</p>
        <h1 className="mt-1 text-3xl font-semibold text-slate-900" data-testid="customer-status">
          {CUSTOMER_STATUS_LABEL[view.status]}
        </h1>
        <p className="mt-2 text-slate-700">
          {view.vehicle ? `${view.vehicle}, from ` : "From "}
          <strong>{view.origin.town}</strong> to <strong>{view.destination.town}</strong>
        </p>
        {view.driverFirstName ? (
          <p className="mt-1 text-slate-700">
            Your driver: <strong>{view.driverFirstName}</strong>
          </p>
        ) : null}
      </header>
      <dl className="grid gap-3 sm:grid-cols-2">
        <KeyDate
          label={view.collection.actual ? "Collected" : "Expected collection"}
          value={day(view.collection)}
          place={view.origin}
        />
        <KeyDate
          label={view.delivery.actual ? "Delivered" : view.arrival ? "Expected arrival" : "Expected delivery"}
          value={
            view.arrival && !view.delivery.actual
              ? formatArrivalWindow(view.arrival, view.destination.timeZone)
              : day(view.delivery)
          }
          place={view.destination}
        />
      </dl>
      <TrackingTimeline steps={view.timeline} />
    </article>
  );
}
