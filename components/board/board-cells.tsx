// The board's cells, shared by the table's columns and the phone's movement cards: the number plate,
// site codes, dates with their slot, and the carrier.
import type { BoardCarrier, BoardRow } from "@/lib/movement-requests/board/board-row";

export function Plate({ vrm, vin }: { vrm: string | null; vin: string | null }) {
  if (vrm) {
    return (
      <span className="truncate rounded-[3px] bg-amber-100 px-1.5 font-mono text-[0.8125rem] tracking-wide text-slate-950 ring-1 ring-amber-400/70 ring-inset">
        {vrm}
      </span>
    );
  }
  return <span className="truncate font-mono text-xs">{vin ?? "No VRM or VIN"}</span>;
}

/** AM / PM beside a date; nothing for "any time" (the usual case, and the default). */
export function SlotTag({ slot }: { slot: BoardRow["readySlot"] | null }) {
  if (!slot || slot === "ANYTIME") return null;
  return <span className="text-[0.6875rem] font-medium text-slate-600">{slot}</span>;
}

export function SiteCode({ site }: { site: BoardRow["origin"] }) {
  return (
    <abbr title={site.name} className="font-mono text-xs no-underline">
      {site.code}
    </abbr>
  );
}

export function DateCell({ date, detail }: { date: string; detail: string }) {
  return (
    <div>
      <div className="text-slate-900">{date}</div>
      <div className="text-xs text-slate-600">{detail}</div>
    </div>
  );
}

const CARRIER_KIND: Record<BoardCarrier["type"], string> = {
  DRIVER: "Own driver",
  THIRD_PARTY_LOGISTICS: "Logistics partner",
  MARKETPLACE: "Marketplace carrier",
};

export function CarrierCell({ row }: { row: BoardRow }) {
  const { carrier } = row;
  const legs = row.legCount > 1 ? <div className="text-xs text-slate-500">{row.legCount} legs</div> : null;
  if (!carrier) {
    return (
      <div>
        <span className="text-xs text-slate-500 italic">Unassigned</span>
        {legs}
      </div>
    );
  }
  return (
    <div className="min-w-0">
      <div className="flex min-w-0 items-center gap-1.5 text-slate-900">
        {carrier.type === "DRIVER" ? <PersonGlyph /> : <TruckGlyph />}
        <span className="truncate" title={carrier.name}>
          {carrier.name}
        </span>
      </div>
      <div className="text-xs text-slate-500">{CARRIER_KIND[carrier.type]}</div>
      {legs}
    </div>
  );
}

function PersonGlyph() {
  return (
    <svg viewBox="0 0 16 16" aria-hidden="true" className="size-3.5 shrink-0 text-slate-500">
      <circle cx="8" cy="5.2" r="2.6" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path
        d="M3 13.5c.7-2.6 2.7-3.9 5-3.9s4.3 1.3 5 3.9"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
      />
    </svg>
  );
}

function TruckGlyph() {
  return (
    <svg viewBox="0 0 16 16" aria-hidden="true" className="size-3.5 shrink-0 text-slate-500">
      <path
        d="M1.5 11V4.5h8V11M9.5 6.5h2.6l2.4 2.6V11h-1"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.4"
        strokeLinejoin="round"
      />
      <circle cx="4.5" cy="11.5" r="1.3" fill="none" stroke="currentColor" strokeWidth="1.4" />
      <circle cx="11.5" cy="11.5" r="1.3" fill="none" stroke="currentColor" strokeWidth="1.4" />
    </svg>
  );
}
