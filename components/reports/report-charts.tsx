// The delivery, price, prep and lane charts of /reports, drawn on the server (bar-parts.tsx).
import {
  Bar,
  BarRow,
  BarsFrame,
  HorizontalBars,
  LegendKey,
  SERIES,
  percentOf,
} from "@/components/reports/bar-parts";
import type { Reports } from "@/lib/reports/get-reports";
import { STAGE_LABEL } from "@/lib/reports/report-tables";

const shortWeek = (week: string) =>
  new Date(`${week}T00:00:00Z`).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  });

const oneDecimal = (value: number) => value.toLocaleString("en-GB", { maximumFractionDigits: 1 });

/** A column per week, 0–100 %. */
export function OnTimeWeeklyChart({ rows, label }: { rows: Reports["onTimeWeeks"]; label: string }) {
  return (
    <BarsFrame label={label} legend={<LegendKey colour={SERIES[0]} label="On time (%)" />}>
      <div className="flex gap-2">
        <div className="flex h-44 flex-col justify-between text-right text-xs text-slate-600 tabular-nums">
          <span>100 %</span>
          <span>50 %</span>
          <span>0 %</span>
        </div>
        <div className="relative flex h-44 min-w-0 flex-1 items-end gap-px border-b border-l border-slate-300">
          <div aria-hidden className="absolute inset-x-0 top-1/2 border-t border-dashed border-slate-200" />
          {rows.map((row) => (
            <div
              key={row.week}
              data-bar
              className={`min-w-0 flex-1 ${SERIES[0]}`}
              style={{ height: `${row.rate}%` }}
            />
          ))}
        </div>
      </div>
      {rows.length > 0 ? (
        <div className="flex justify-between pl-12 text-xs text-slate-600">
          <span>Week of {shortWeek(rows[0]!.week)}</span>
          {rows.length > 1 ? <span>Week of {shortWeek(rows.at(-1)!.week)}</span> : null}
        </div>
      ) : null}
    </BarsFrame>
  );
}

export function OnTimeCarriersChart({ rows, label }: { rows: Reports["onTimeCarriers"]; label: string }) {
  return (
    <HorizontalBars
      rows={rows.map((row) => ({
        name: row.carrier.name,
        value: row.rate,
        note: `${oneDecimal(row.rate)} %`,
      }))}
      label={label}
      legend="On time (%)"
      max={100}
    />
  );
}

/** The median's bar from 0, and a whisker from the 10th to the 90th percentile, on one scale. */
export function PriceVarianceChart({ rows, label }: { rows: Reports["priceVariance"]; label: string }) {
  const low = Math.min(0, ...rows.map((row) => row.p10Percent));
  const high = Math.max(0, ...rows.map((row) => row.p90Percent));
  const at = (value: number) => percentOf(value - low, high - low);
  return (
    <BarsFrame
      label={label}
      legend={
        <>
          <LegendKey colour={SERIES[2]} label="Median variance (%)" />
          <LegendKey colour="bg-slate-600" label="10th to 90th percentile" />
        </>
      }
    >
      {rows.map((row) => {
        const name = rows.some((other) => other !== row && other.carrier.name === row.carrier.name)
          ? `${row.carrier.name} (${row.currencyCode})`
          : row.carrier.name;
        const [from, to] = row.medianPercent < 0 ? [row.medianPercent, 0] : [0, row.medianPercent];
        return (
          <BarRow
            key={name}
            name={name}
            note={`${row.medianPercent > 0 ? "+" : ""}${oneDecimal(row.medianPercent)} %`}
          >
            <div className="relative h-4">
              <div className="absolute inset-y-0 w-px bg-slate-500" style={{ left: at(0) }} />
              <div
                data-bar
                className={`absolute inset-y-0.5 rounded-sm ${SERIES[2]}`}
                style={{ left: at(from), width: percentOf(to - from, high - low) }}
              />
              <div
                className="absolute top-1/2 h-px bg-slate-600"
                style={{
                  left: at(row.p10Percent),
                  width: percentOf(row.p90Percent - row.p10Percent, high - low),
                }}
              />
              <div className="absolute inset-y-1 w-px bg-slate-600" style={{ left: at(row.p10Percent) }} />
              <div className="absolute inset-y-1 w-px bg-slate-600" style={{ left: at(row.p90Percent) }} />
            </div>
          </BarRow>
        );
      })}
    </BarsFrame>
  );
}

/** Per site, a bar per stage (the median hours), in the stages' order. */
export function StageTimeChart({ rows, label }: { rows: Reports["stageTimes"]; label: string }) {
  const stages = (Object.keys(STAGE_LABEL) as (keyof typeof STAGE_LABEL)[]).filter((stage) =>
    rows.some((row) => row.stage === stage),
  );
  const sites = new Map<string, { name: string; hours: Partial<Record<string, number>> }>();
  for (const row of rows) {
    const site = sites.get(row.site.id) ?? { name: row.site.name, hours: {} };
    site.hours[row.stage] = row.medianHours;
    sites.set(row.site.id, site);
  }
  const max = Math.max(0, ...rows.map((row) => row.medianHours));
  return (
    <BarsFrame
      label={label}
      legend={stages.map((stage, index) => (
        <LegendKey
          key={stage}
          colour={SERIES[index % SERIES.length]!}
          label={`${STAGE_LABEL[stage]} (median, h)`}
        />
      ))}
    >
      {[...sites.entries()].map(([id, site]) => (
        <BarRow
          key={id}
          name={site.name}
          note={stages.map((stage) => oneDecimal(site.hours[stage] ?? 0)).join(" · ") + " h"}
        >
          {stages.map((stage, index) => (
            <Bar
              key={stage}
              value={site.hours[stage] ?? 0}
              max={max}
              colour={SERIES[index % SERIES.length]!}
            />
          ))}
        </BarRow>
      ))}
    </BarsFrame>
  );
}

export function FrontlineChart({ rows, label }: { rows: Reports["frontline"]; label: string }) {
  const max = Math.max(0, ...rows.map((row) => row.p90Days));
  return (
    <BarsFrame
      label={label}
      legend={
        <>
          <LegendKey colour={SERIES[1]} label="Median (days)" />
          <LegendKey colour={SERIES[2]} label="90th percentile (days)" />
        </>
      }
    >
      {rows.map((row) => (
        <BarRow
          key={row.site.id}
          name={row.site.name}
          note={`${oneDecimal(row.medianDays)} · ${oneDecimal(row.p90Days)} days`}
        >
          <Bar value={row.medianDays} max={max} colour={SERIES[1]} />
          <Bar value={row.p90Days} max={max} colour={SERIES[2]} />
        </BarRow>
      ))}
    </BarsFrame>
  );
}

export function LanesChart({ rows, label }: { rows: Reports["lanes"]; label: string }) {
  return (
    <HorizontalBars
      rows={rows.map((row) => ({
        name: `${row.origin.code} → ${row.destination.code}`,
        value: row.requests,
        note: row.requests.toLocaleString("en-GB"),
      }))}
      label={label}
      legend="Requests"
    />
  );
}

/** Median minutes off the window given at collection; the table adds the 90th percentile. */
export function EtaAccuracyLanesChart({ rows, label }: { rows: Reports["etaLanes"]; label: string }) {
  return (
    <HorizontalBars
      rows={rows.map((row) => ({
        name: `${row.origin.code} → ${row.destination.code}`,
        value: row.medianMinutes,
        note: `${oneDecimal(row.medianMinutes)} min`,
      }))}
      label={label}
      legend="Median minutes off"
    />
  );
}

export function EtaAccuracyCarriersChart({ rows, label }: { rows: Reports["etaCarriers"]; label: string }) {
  return (
    <HorizontalBars
      rows={rows.map((row) => ({
        name: row.carrier.name,
        value: row.medianMinutes,
        note: `${oneDecimal(row.medianMinutes)} min`,
      }))}
      label={label}
      legend="Median minutes off"
    />
  );
}
