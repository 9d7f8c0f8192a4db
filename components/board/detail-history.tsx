// What happened to a movement, newest first: its audit trail of status changes, and the timeline of
// its events with each webhook delivery's outcome.
import { cn } from "@/components/ui/cn";
import type {
  BoardDetail,
  BoardEvent,
  BoardWebhookDelivery,
} from "@/lib/movement-requests/board/get-board-detail";
import { BOARD_STATUS_LABEL } from "@/lib/movement-requests/board/board-status-labels";
import { DetailSection as Section } from "./detail-section";
import { LocalTime } from "./local-time";

export function AuditTrail({ detail }: { detail: BoardDetail }) {
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

export function Timeline({ events }: { events: BoardEvent[] }) {
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
                  <div className="font-mono text-[0.6875rem] text-slate-500">
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
