// The recon charts of /reports (bar-parts.tsx): cost estimated against actual, why vehicles wait, and
// approval turnaround.
import { Bar, BarRow, BarsFrame, LegendKey, percentOf } from "@/components/reports/bar-parts";
import { formatMinorUnits } from "@/lib/intl-formats";
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

/** Estimated against actual for the items done, per row, each row scaled within its currency. */
export function ReconCostChart({ rows, label }: { rows: (ReconCost & { name: string })[]; label: string }) {
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
          <LegendKey colour="bg-slate-400" label="Estimated, items done" />
          <LegendKey colour="bg-blue-700" label="Actual" />
        </>
      }
    >
      {rows.map((row) => {
        const max = maxOf.get(row.currencyCode) ?? 0;
        return (
          <BarRow
            key={`${row.name}:${row.currencyCode}`}
            name={row.name}
            note={`${formatMinorUnits(row.actualCents, row.currencyCode)} (est. ${formatMinorUnits(row.doneEstimatedCents, row.currencyCode)})`}
          >
            <Bar value={row.doneEstimatedCents} max={max} colour="bg-slate-400" />
            <Bar value={row.actualCents} max={max} colour="bg-blue-700" />
          </BarRow>
        );
      })}
    </BarsFrame>
  );
}

/** A bar per row of its hours stacked by cause, all rows on one scale. */
export function WaitingBars({
  rows,
  label,
}: {
  rows: { key: string; name: string; note: (total: number) => string; hours: Record<WaitCause, number> }[];
  label: string;
}) {
  const totals = rows.map((row) => WAIT_CAUSES.reduce((sum, cause) => sum + row.hours[cause], 0));
  const max = Math.max(0, ...totals);
  return (
    <BarsFrame
      label={label}
      legend={WAIT_CAUSES.map((cause) => (
        <LegendKey key={cause} colour={CAUSE_COLOUR[cause]} label={WAIT_CAUSE_LABEL[cause]} />
      ))}
    >
      {rows.map((row, index) => (
        <BarRow key={row.key} name={row.name} note={row.note(totals[index]!)}>
          <div
            className="flex h-4 overflow-hidden rounded-sm"
            style={{ width: percentOf(totals[index]!, max) }}
          >
            {WAIT_CAUSES.map((cause) => (
              <div
                key={cause}
                data-bar
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

/** Per site, a vehicle's mean hours from arrival to the frontline, stacked by cause. */
export function ReconWaitingChart({ rows, label }: { rows: Reports["reconWaiting"]; label: string }) {
  return (
    <WaitingBars
      label={label}
      rows={rows.map((row) => ({
        key: row.site.id,
        name: row.site.name,
        note: (total) => `${total.toFixed(1)} h per vehicle`,
        hours: row.hours,
      }))}
    />
  );
}

/** Per vehicle, its hours from arrival to the frontline stacked by cause, and what it cost. */
export function ReconVehiclesChart({ rows, label }: { rows: Reports["reconVehicles"]; label: string }) {
  return (
    <WaitingBars
      label={label}
      rows={rows.map((row) => ({
        key: row.prepJobId,
        name: `${row.vehicle} · ${row.makeModel}`,
        note: (total) => `${total.toFixed(2)} h · ${formatMinorUnits(row.actualCents, row.currencyCode)}`,
        hours: row.hours,
      }))}
    />
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
          <LegendKey colour="bg-blue-700" label="Median (h)" />
          <LegendKey colour="bg-slate-900" label="90th percentile (tick)" />
        </>
      }
    >
      {rows.map((row) => (
        <BarRow key={row.approver} name={row.approver} note={`${row.medianHours} h median`}>
          <div className="relative h-3">
            <Bar value={row.medianHours} max={max} colour="bg-blue-700" thick />
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
