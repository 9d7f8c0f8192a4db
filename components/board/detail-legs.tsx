// A movement's legs in the detail panel: route, carrier (and whether it accepted), cost, dates.
import type { BoardLeg, DateSlot } from "@/lib/movement-requests/board/get-board-detail";
import { DetailSection as Section } from "./detail-section";
import { formatMoney } from "@/lib/movement-requests/money";
import { formatDate, formatSlot } from "./format";

const LEG_STATUS: Record<BoardLeg["status"], string> = {
  OPEN: "Open",
  IN_PROGRESS: "On its way",
  DELIVERED: "Delivered",
  CANCELLED: "Cancelled",
  ABORTED: "Aborted",
};

export function DetailLegs({ legs, today }: { legs: BoardLeg[]; today: string }) {
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
