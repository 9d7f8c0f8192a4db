// The job as a carrier reads it on a phone: the vehicle, where from and to (full addresses, directions
// and the site's number), when it is ready and due (calendar days at each site, the site's zone
// named), whom to call, and its legs.
import { SiteLinks } from "@/components/carrier-jobs/site-links";
import { telUrl } from "@/lib/carrier-jobs/directions";
import type { JobSite, JobView } from "@/lib/carrier-jobs/schemas";
import { STATUS_LABEL } from "@/lib/movement-requests/status-labels";
import {
  formatDeliveryDeadline,
  formatTrackingDay,
  timeZoneLabel,
} from "@/lib/movement-requests/tracking-times";

function Place({ label, site, when }: { label: string; site: JobSite; when: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-lg font-semibold break-words text-slate-900">{site.name}</dd>
      <dd className="text-slate-700 break-words">{site.address}</dd>
      <dd className="mt-2 text-slate-900">{when}</dd>
      <dd className="text-sm text-slate-600">
        Local time at the site ({timeZoneLabel(site.timeZone, new Date())}, {site.timeZone})
      </dd>
      <SiteLinks site={site} />
    </div>
  );
}

export function JobDetails({ view }: { view: JobView }) {
  return (
    <div className="space-y-4">
      <header>
        <p className="text-sm font-medium tracking-wide text-slate-600 uppercase">
          {view.organisation} · job for {view.carrierName}
        </p>
        <h1 className="mt-1 text-2xl font-semibold break-words text-slate-900">{view.vehicle.description}</h1>
        <p className="mt-1 text-slate-700">
          {view.vehicle.vrm ? <strong className="mr-2">{view.vehicle.vrm}</strong> : null}
          {view.vehicle.vin ? <span className="font-mono text-sm break-all">{view.vehicle.vin}</span> : null}
        </p>
        <p className="mt-2 inline-block rounded-full bg-slate-100 px-3 py-1 text-sm font-medium text-slate-800">
          <span data-testid="job-status">{STATUS_LABEL[view.status]}</span>
        </p>
      </header>
      <dl className="grid gap-3 sm:grid-cols-2">
        <Place label="Collect from" site={view.origin} when={`Ready ${formatTrackingDay(view.ready)}`} />
        <Place label="Deliver to" site={view.destination} when={formatDeliveryDeadline(view.deadline)} />
      </dl>
      {view.notes ? (
        <section className="rounded-lg border border-slate-200 bg-white p-4">
          <h2 className="text-sm font-medium text-slate-600">Notes</h2>
          <p className="mt-1 whitespace-pre-line text-slate-900 break-words">{view.notes}</p>
        </section>
      ) : null}
      <section className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 className="text-sm font-medium text-slate-600">Contacts</h2>
        <ul className="mt-1 space-y-1">
          {view.contacts.map((contact) => (
            <li key={contact.label} className="break-words text-slate-900">
              {contact.label}
              {contact.email ? (
                <>
                  {" · "}
                  <a className="text-blue-700 underline" href={`mailto:${contact.email}`}>
                    {contact.email}
                  </a>
                </>
              ) : null}
              {contact.phone ? (
                <>
                  {" · "}
                  <a className="text-blue-700 underline" href={telUrl(contact.phone)}>
                    {contact.phone}
                  </a>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
      {view.legs.length > 1 ? (
        <section className="rounded-lg border border-slate-200 bg-white p-4">
          <h2 className="text-sm font-medium text-slate-600">Your legs</h2>
          <ol className="mt-1 space-y-1 text-slate-900">
            {view.legs.map((leg) => (
              <li key={leg.legNumber}>
                Leg {leg.legNumber}: {leg.from} → {leg.to} ({leg.status.toLowerCase().replace("_", " ")})
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </div>
  );
}
