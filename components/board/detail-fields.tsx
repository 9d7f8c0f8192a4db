// A movement's fields in the detail panel: the vehicle, collection and delivery, the request itself.
import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import type { BoardDetail } from "@/lib/movement-requests/board/get-board-detail";
import { DetailSection as Section } from "./detail-section";
import { formatMoney } from "@/lib/movement-requests/money";
import { formatDate, formatSlot, makeModel } from "./format";
import { PriceVariance } from "./price-variance";
import { ArrivalWindow } from "./arrival-window";
import { LocalTime } from "./local-time";

export function DetailFields({ detail, today }: { detail: BoardDetail; today: string }) {
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
            [
              "Expected arrival",
              row.arrival ? (
                <ArrivalWindow key="arrival" arrival={row.arrival} destination={row.destination.name} />
              ) : null,
            ],
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
            [
              "Cost",
              row.cost ? (
                <span key="cost" className="inline-flex flex-wrap items-baseline gap-x-2">
                  {formatMoney(row.cost)}
                  <PriceVariance estimate={row.estimatedCost} final={row.cost} />
                </span>
              ) : null,
            ],
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
    <dl className="grid grid-cols-[minmax(0,8.5rem)_minmax(0,1fr)] gap-x-3 sm:grid-cols-[11rem_1fr] gap-y-1 text-sm">
      {items.map(([label, value, mono]) => (
        <div key={label} className="contents">
          <dt className="text-slate-600">{label}</dt>
          <dd
            className={cn(
              "min-w-0 break-words text-slate-900",
              mono && value ? "font-mono text-[0.8125rem]" : undefined,
            )}
          >
            {value ?? <span className="text-slate-500">—</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}
