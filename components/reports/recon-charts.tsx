// The recon charts of /reports, drawn on the server as plain bars (no chart library to load): each
// is an image to assistive technology, named by what it shows; the table under it gives the figures.
import type { ReactNode } from "react";
import { formatMinor } from "@/components/ui/money";
import type { Reports } from "@/lib/reports/get-reports";
import { WAIT_CAUSE_LABEL } from "@/lib/reports/report-tables";
import { WAIT_CAUSES, type ReconCost, type WaitCause } from "@/lib/reports/report-rows";

/** The causes' colours: the kanban's badges (approval amber, parts violet, sublet sky), work and idle. */
const CAUSE_COLOUR: Record<WaitCause, string> = {
  approval: "bg-amber-500",
  parts: "bg-violet-600",
  sublet: "bg-sky-500",
  work: "bg-teal-700",
  idle: "bg-slate-300",
};

function BarsFrame({ label, legend, children }: { label: string; legend: ReactNode; children: ReactNode }) {
  return (
    <div role="img" aria-label={label} data-chart className="space-y-3">
      <div className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700">{legend}</div>
      <div className="space-y-2">{children}</div>
    </div>
  );
}

function Key({ colour, label }: { colour: string; label: string }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <span aria-hidden className={`inline-block size-3 rounded-sm ${colour}`} />
      {label}
    </span>
  );
}

/** A row: its name above, its bars below (a phone has no room beside them). */
function BarRow({ name, note, children }: { name: string; note: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <div className="flex items-baseline justify-between gap-2 text-xs">
        <span className="truncate font-medium text-slate-900">{name}</span>
        <span className="shrink-0 text-slate-600 tabular-nums">{note}</span>
      </div>
      {children}
    </div>
  );
}

const percentOf = (value: number, max: number) => `${max > 0 ? Math.max(0, (100 * value) / max) : 0}%`;

type NamedCost = ReconCost & { name: string };

/** Estimated against actual for the items done, per row, each row scaled within its currency. */
export function ReconCostChart({ rows, label }: { rows: NamedCost[]; label: string }) {
  const maxOf = new Map<string, number>();
  for (const row of rows)
    maxOf.set(
      row.currencyCode,
      Math.max(maxOf.get(row.currencyCode) ?? 0, row.doneEstimatedCents, row.actualCents),
    );
  return (
    <BarsFrame
      label={label}
      legend={
        <>
          <Key colour="bg-slate-400" label="Estimated, items done" />
          <Key colour="bg-blue-700" label="Actual" />
        </>
      }
    >
      {rows.map((row) => {
        const max = maxOf.get(row.currencyCode) ?? 0;
        return (
          <BarRow
            key={`${row.name}:${row.currencyCode}`}
            name={row.name}
            note={`${formatMinor(row.actualCents, row.currencyCode)} (est. ${formatMinor(row.doneEstimatedCents, row.currencyCode)})`}
          >
            <div className="mt-1 space-y-0.5">
              <div
                className="h-2.5 rounded-sm bg-slate-400"
                style={{ width: percentOf(row.doneEstimatedCents, max) }}
              />
              <div
                className="h-2.5 rounded-sm bg-blue-700"
                style={{ width: percentOf(row.actualCents, max) }}
              />
            </div>
          </BarRow>
        );
      })}
    </BarsFrame>
  );
}

/** Per site, a vehicle's mean hours from arrival to the frontline, stacked by cause. */
export function ReconWaitingChart({ rows, label }: { rows: Reports["reconWaiting"]; label: string }) {
  const totals = rows.map((row) => WAIT_CAUSES.reduce((sum, cause) => sum + row.hours[cause], 0));
  const max = Math.max(0, ...totals);
  return (
    <BarsFrame
      label={label}
      legend={WAIT_CAUSES.map((cause) => (
        <Key key={cause} colour={CAUSE_COLOUR[cause]} label={WAIT_CAUSE_LABEL[cause]} />
      ))}
    >
      {rows.map((row, index) => (
        <BarRow key={row.site.id} name={row.site.name} note={`${totals[index]!.toFixed(1)} h per vehicle`}>
          <div
            className="mt-1 flex h-4 overflow-hidden rounded-sm"
            style={{ width: percentOf(totals[index]!, max) }}
          >
            {WAIT_CAUSES.map((cause) => (
              <div
                key={cause}
                className={CAUSE_COLOUR[cause]}
                style={{ width: percentOf(row.hours[cause], totals[index]!) }}
              />
            ))}
          </div>
        </BarRow>
      ))}
    </BarsFrame>
  );
}

/** Per approver, the median hours an item waited for the decision, with a tick at the 90th percentile. */
export function ReconApprovalsChart({ rows, label }: { rows: Reports["reconApprovals"]; label: string }) {
  const max = Math.max(0, ...rows.map((row) => row.p90Hours));
  return (
    <BarsFrame
      label={label}
      legend={
        <>
          <Key colour="bg-blue-700" label="Median" />
          <Key colour="bg-slate-900" label="90th percentile (tick)" />
        </>
      }
    >
      {rows.map((row) => (
        <BarRow key={row.approver} name={row.approver} note={`${row.medianHours} h median`}>
          <div className="relative mt-1 h-3">
            <div className="h-3 rounded-sm bg-blue-700" style={{ width: percentOf(row.medianHours, max) }} />
            <div
              className="absolute top-[-2px] h-4 w-0.5 bg-slate-900"
              style={{ left: `calc(${percentOf(row.p90Hours, max)} - 2px)` }}
            />
          </div>
        </BarRow>
      ))}
    </BarsFrame>
  );
}
