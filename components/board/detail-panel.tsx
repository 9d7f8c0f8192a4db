"use client";
// One request in full, beside the table: the actions its status allows, every field, its legs, the
// audit trail, and the timeline of events with their webhook deliveries. Escape closes it.
import { useEffect, useId, useRef, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { CloseIcon } from "@/components/ui/icons";
import { Skeleton } from "@/components/ui/skeleton";
import type { BoardOptions } from "@/lib/movement-requests/board/board-options";
import type {
  BoardDetail,
  BoardEvent,
  BoardLeg,
  BoardWebhookDelivery,
  DateSlot,
} from "@/lib/movement-requests/board/get-board-detail";
import { BOARD_STATUS_LABEL } from "@/lib/movement-requests/board/board-status-labels";
import { DetailActions } from "./detail-actions";
import { daysFrom, formatDate, formatMoney, formatSlot, makeModel, vehicleName } from "./format";
import { LocalTime } from "./local-time";
import { LateBadge, StatusBadge } from "./status-badge";

export function DetailPanel({
  detail,
  loading,
  drivers,
  canDispatch,
  today,
  onClose,
}: {
  detail: BoardDetail | null;
  /** Another request is being opened: show its shape, not the previous one's data. */
  loading: boolean;
  drivers: BoardOptions["drivers"];
  canDispatch: boolean;
  today: string;
  onClose: () => void;
}) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const shownId = detail?.row.id;

  // Focus moves to the panel when a request opens in it (not on live refreshes of the same one).
  useEffect(() => {
    if (shownId && !loading) heading.current?.focus({ preventScroll: true });
  }, [shownId, loading]);

  return (
    <aside
      aria-labelledby={headingId}
      aria-busy={loading || undefined}
      className={cn(
        "fixed top-14 right-0 bottom-0 z-30 flex w-[min(38rem,100vw)] flex-col border-l border-slate-200 bg-white shadow-2xl",
        "2xl:sticky 2xl:top-[4.5rem] 2xl:z-20 2xl:h-[calc(100vh-5.5rem)] 2xl:w-auto 2xl:rounded-lg 2xl:border 2xl:shadow-sm",
      )}
    >
      {loading || !detail ? (
        <PanelSkeleton headingId={headingId} onClose={onClose} />
      ) : (
        <>
          <header className="flex items-start gap-3 border-b border-slate-200 px-4 py-3">
            <div className="min-w-0 flex-1">
              <h2
                id={headingId}
                ref={heading}
                tabIndex={-1}
                className="flex flex-wrap items-center gap-2 text-lg font-semibold text-slate-900 outline-none"
              >
                <span className="rounded-[3px] bg-amber-100 px-1.5 font-mono tracking-wide ring-1 ring-amber-400/70 ring-inset">
                  {vehicleName(detail.row.vehicle)}
                </span>
                <span className="truncate text-base font-medium text-slate-700">
                  {makeModel(detail.row.vehicle)}
                </span>
              </h2>
              <div className="mt-1.5 flex flex-wrap items-center gap-2 text-xs text-slate-600">
                <StatusBadge status={detail.row.status} />
                {detail.row.isLate ? <LateBadge days={-daysFrom(today, detail.row.dueDate)} /> : null}
                <span>
                  {detail.row.origin.name} → {detail.row.destination.name}
                </span>
              </div>
            </div>
            <Button
              variant="ghost"
              size="icon"
              onClick={onClose}
              aria-label="Close details"
              title="Close (Esc)"
            >
              <CloseIcon className="size-5" />
            </Button>
          </header>
          <div className="flex-1 space-y-5 overflow-y-auto px-4 py-4">
            {canDispatch ? (
              <Section title="Actions">
                <DetailActions key={detail.row.id} detail={detail} drivers={drivers} today={today} />
              </Section>
            ) : null}
            <Fields detail={detail} today={today} />
            <Legs legs={detail.legs} today={today} />
            <AuditTrail detail={detail} />
            <Timeline events={detail.events} />
          </div>
        </>
      )}
    </aside>
  );
}

function PanelSkeleton({ headingId, onClose }: { headingId: string; onClose: () => void }) {
  return (
    <>
      <header className="flex items-start gap-3 border-b border-slate-200 px-4 py-3">
        <div className="flex-1 space-y-2">
          <h2 id={headingId} className="sr-only">
            Loading the movement…
          </h2>
          <Skeleton className="h-6 w-48" />
          <Skeleton className="h-4 w-72" />
        </div>
        <Button variant="ghost" size="icon" onClick={onClose} aria-label="Close details">
          <CloseIcon className="size-5" />
        </Button>
      </header>
      <div className="space-y-3 p-4">
        {Array.from({ length: 8 }, (_, index) => (
          <Skeleton key={index} className="h-5 w-full" />
        ))}
      </div>
    </>
  );
}

function Section({ title, children, aside }: { title: string; children: ReactNode; aside?: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <div className="mb-2 flex items-baseline justify-between gap-2">
        <h3 id={id} className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
          {title}
        </h3>
        {aside}
      </div>
      {children}
    </section>
  );
}

function Fields({ detail, today }: { detail: BoardDetail; today: string }) {
  const { row } = detail;
  const yesNo = (value: boolean | null) => (value === null ? "—" : value ? "Yes" : "No");
  const dateSlot = (date: string | null, slot: Parameters<typeof formatSlot>[0], time?: string | null) =>
    date ? `${formatDate(date, today)} · ${formatSlot(slot, time) || "—"}` : "—";
  return (
    <>
      <Section title="Vehicle">
        <FieldList
          items={[
            ["VRM", row.vehicle.vrm, true],
            ["VIN", row.vehicle.vin, true],
            ["Make and model", makeModel(row.vehicle) || null],
            ["Stock number", row.vehicle.externalVehicleId, true],
          ]}
        />
      </Section>
      <Section title="Collection and delivery">
        <FieldList
          items={[
            ["From", `${row.origin.name} (${row.origin.code})`],
            ["Ready from", dateSlot(row.readyDate, row.readySlot)],
            ["Collection date may move", yesNo(detail.allowCollectionDateAdjustment)],
            ["Estimated collection", dateSlot(row.estimatedCollectionDate, row.estimatedCollectionSlot)],
            ["To", `${row.destination.name} (${row.destination.code})`],
            ["Deliver by", dateSlot(row.dueDate, row.dueSlot, row.dueTime)],
            ["On that date exactly", yesNo(detail.deliverOnSpecifiedDate)],
            ["Delivery date may move", yesNo(detail.allowDeliveryDateAdjustment)],
            ["Estimated delivery", dateSlot(row.estimatedDeliveryDate, row.estimatedDeliverySlot)],
            ["Completed", detail.completedOn ? <LocalTime key="completed" iso={detail.completedOn} /> : null],
          ]}
        />
      </Section>
      <Section title="Request">
        <FieldList
          items={[
            ["Business area", row.businessArea],
            ["Transport method", row.transportMethod === "DRIVEN" ? "Driven" : "Transported"],
            ["Estimated cost", formatMoney(row.estimatedCost)],
            ["Cost", row.cost ? formatMoney(row.cost) : null],
            ["External id", row.externalId, true],
            ["Integration", detail.profile.name],
            ["Created by", detail.createdBy],
            ["Created", <LocalTime key="created" iso={row.createdAt} />],
            ["Confirmed by", detail.confirmedBy],
            ["Linked job PIN", detail.linkedJobPin, true],
            [
              "Prep job",
              detail.prepJob
                ? `${detail.prepJob.direction === "INBOUND" ? "Inbound" : "Outbound"} · ${detail.prepJob.id}`
                : null,
            ],
            [
              "Tracking page",
              detail.trackingUrl ? (
                <a
                  key="tracking"
                  href={detail.trackingUrl}
                  target="_blank"
                  rel="noreferrer"
                  className="text-blue-700 underline hover:text-blue-900"
                >
                  Open tracking page<span className="sr-only"> (opens in a new tab)</span>
                </a>
              ) : null,
            ],
            ["Request id", row.id, true],
          ]}
        />
        {detail.notes ? (
          <div className="mt-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm whitespace-pre-wrap text-amber-950">
            <span className="font-semibold">Notes: </span>
            {detail.notes}
          </div>
        ) : null}
      </Section>
    </>
  );
}

function FieldList({ items }: { items: [label: string, value: ReactNode, mono?: boolean][] }) {
  return (
    <dl className="grid grid-cols-[11rem_1fr] gap-x-3 gap-y-1 text-sm">
      {items.map(([label, value, mono]) => (
        <div key={label} className="contents">
          <dt className="text-slate-600">{label}</dt>
          <dd
            className={cn(
              "min-w-0 break-words text-slate-900",
              mono && value ? "font-mono text-[13px]" : undefined,
            )}
          >
            {value ?? <span className="text-slate-500">—</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

const LEG_STATUS: Record<BoardLeg["status"], string> = {
  OPEN: "Open",
  IN_PROGRESS: "On its way",
  DELIVERED: "Delivered",
  CANCELLED: "Cancelled",
  ABORTED: "Aborted",
};

function Legs({ legs, today }: { legs: BoardLeg[]; today: string }) {
  const when = (slot: DateSlot) =>
    slot.date ? `${formatDate(slot.date, today)} ${formatSlot(slot.slot)}` : "—";
  return (
    <Section title={legs.length === 1 ? "Leg" : `Legs (${legs.length})`}>
      <ol className="space-y-2">
        {legs.map((leg) => (
          <li key={leg.id} className="rounded-md border border-slate-200 px-3 py-2 text-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-medium text-slate-900">
                {leg.legNumber}. {leg.origin.code} → {leg.destination.code}
              </span>
              <span className="text-xs font-medium text-slate-700">{LEG_STATUS[leg.status]}</span>
            </div>
            <div className="mt-1 grid grid-cols-2 gap-x-3 text-xs text-slate-600">
              <span>
                Carrier:{" "}
                <span className="text-slate-900">
                  {leg.carrier ? leg.carrier.name : "none"}
                  {leg.carrier && !leg.acceptedAt ? " (not accepted yet)" : ""}
                </span>
              </span>
              <span>Cost: {formatMoney(leg.cost)}</span>
              <span>
                Collection:{" "}
                {leg.collection.actual ? (
                  <strong className="text-slate-900">{formatDate(leg.collection.actual, today)}</strong>
                ) : (
                  when(leg.collection.predicted.date ? leg.collection.predicted : leg.collection.scheduled)
                )}
              </span>
              <span>
                Delivery:{" "}
                {leg.delivery.actual ? (
                  <strong className="text-slate-900">{formatDate(leg.delivery.actual, today)}</strong>
                ) : (
                  when(leg.delivery.predicted.date ? leg.delivery.predicted : leg.delivery.scheduled)
                )}
              </span>
            </div>
            {leg.abortReason ? (
              <p className="mt-1 text-xs text-red-800">
                Aborted: {leg.abortReason}
                {leg.abortDetail ? ` — ${leg.abortDetail}` : ""}
              </p>
            ) : null}
          </li>
        ))}
      </ol>
    </Section>
  );
}

function AuditTrail({ detail }: { detail: BoardDetail }) {
  return (
    <Section title="Audit trail" aside={<span className="text-xs text-slate-500">newest first</span>}>
      <ol className="relative space-y-2 border-l border-slate-200 pl-4">
        {detail.auditTrail.map((entry) => (
          <li key={entry.id} className="relative text-sm">
            <span
              aria-hidden="true"
              className="absolute top-1.5 -left-[1.3rem] size-2 rounded-full bg-slate-400 ring-2 ring-white"
            />
            <div className="text-slate-900">
              {entry.from ? (
                <>
                  {BOARD_STATUS_LABEL[entry.from]} <span aria-hidden="true">→</span>
                  <span className="sr-only">to</span>{" "}
                </>
              ) : (
                "Created: "
              )}
              <strong className="font-semibold">{BOARD_STATUS_LABEL[entry.to]}</strong>
            </div>
            <div className="text-xs text-slate-600">
              <LocalTime iso={entry.occurredAt} /> · {entry.actor}
              {entry.reason ? <> · {entry.reason}</> : null}
            </div>
          </li>
        ))}
      </ol>
    </Section>
  );
}

function Timeline({ events }: { events: BoardEvent[] }) {
  return (
    <Section title="Events and webhooks" aside={<span className="text-xs text-slate-500">newest first</span>}>
      {events.length === 0 ? (
        <p className="text-sm text-slate-600">No events are kept for this movement (older ones expire).</p>
      ) : (
        <ol className="divide-y divide-slate-100 rounded-md border border-slate-200">
          {events.map((event) => (
            <li key={event.id} className="px-3 py-2 text-sm">
              <div className="flex items-start justify-between gap-2">
                <div className="min-w-0">
                  <div className="text-slate-900">{event.summary}</div>
                  <div className="font-mono text-[11px] text-slate-500">
                    #{event.sequence} · {event.type}
                    {event.published ? "" : " · internal"}
                  </div>
                </div>
                <span className="shrink-0 text-xs text-slate-600">
                  <LocalTime iso={event.occurredAt} />
                </span>
              </div>
              {event.deliveries.length ? (
                <ul className="mt-1.5 space-y-1">
                  {event.deliveries.map((delivery) => (
                    <DeliveryLine key={delivery.id} delivery={delivery} />
                  ))}
                </ul>
              ) : event.published ? (
                <p className="mt-1 text-xs text-slate-500">No webhook endpoint subscribed.</p>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}

const DELIVERY_TONE: Record<BoardWebhookDelivery["status"], string> = {
  SUCCEEDED: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  PENDING: "bg-amber-50 text-amber-900 ring-amber-300",
  FAILED: "bg-red-50 text-red-800 ring-red-200",
};
const DELIVERY_LABEL: Record<BoardWebhookDelivery["status"], string> = {
  SUCCEEDED: "Delivered",
  PENDING: "Pending",
  FAILED: "Failed",
};

function DeliveryLine({ delivery }: { delivery: BoardWebhookDelivery }) {
  const last = delivery.lastAttempt;
  let host = delivery.endpointUrl;
  try {
    const url = new URL(delivery.endpointUrl);
    host = `${url.host}${url.pathname === "/" ? "" : url.pathname}`;
  } catch {
    // Shown as stored.
  }
  return (
    <li className="flex flex-wrap items-center gap-x-2 gap-y-0.5 rounded bg-slate-50 px-2 py-1 text-xs text-slate-700">
      <span
        className={cn("rounded px-1.5 py-px font-medium ring-1 ring-inset", DELIVERY_TONE[delivery.status])}
      >
        {DELIVERY_LABEL[delivery.status]}
      </span>
      <span className="min-w-0 truncate font-mono" title={delivery.endpointUrl}>
        {host}
      </span>
      <span className="text-slate-500">
        {delivery.attemptCount} attempt{delivery.attemptCount === 1 ? "" : "s"}
        {last ? (
          <>
            {" "}
            · last <LocalTime iso={last.attemptedAt} />:{" "}
            {last.responseStatus !== null ? `HTTP ${last.responseStatus}` : (last.error ?? "no response")}
          </>
        ) : null}
        {delivery.nextAttemptAt ? (
          <>
            {" "}
            · next <LocalTime iso={delivery.nextAttemptAt} />
          </>
        ) : null}
      </span>
    </li>
  );
}
