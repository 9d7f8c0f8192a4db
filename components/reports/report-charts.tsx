"use client";
// The charts of /reports (recharts). Each is an image to assistive technology (role="img" with a name
// that says what it shows); the table under it is its text alternative, so the chart's own keyboard
// layer is off (it would announce an "application" that only repeats the table).
import type { ReactNode } from "react";
import {
  Bar,
  type LegendPayload,
  BarChart,
  CartesianGrid,
  ErrorBar,
  Legend,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import type { Reports } from "@/lib/reports/get-reports";
import { STAGE_LABEL } from "@/lib/reports/report-tables";

const INK = "#475569";
const COLOURS = ["#1d4ed8", "#0f766e", "#b45309", "#7c3aed"];
const TICK = { fill: INK, fontSize: 12 };

function ChartFrame({
  label,
  height = 260,
  children,
}: {
  label: string;
  height?: number;
  children: ReactNode;
}) {
  return (
    <div role="img" aria-label={label} className="w-full" style={{ height }} data-chart>
      <ResponsiveContainer width="100%" height="100%">
        {children}
      </ResponsiveContainer>
    </div>
  );
}

/**
 * A legend in the order the bars are drawn (recharts sorts it by label unless told otherwise, which
 * put "Outbound" before "Inbound" and "90th percentile" before "Median").
 */
const inBarOrder = (dataKeys: readonly string[]) => (item: LegendPayload) =>
  dataKeys.indexOf(String(item.dataKey));

const shortWeek = (week: string) =>
  new Date(`${week}T00:00:00Z`).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  });

export function OnTimeWeeklyChart({ rows, label }: { rows: Reports["onTimeWeeks"]; label: string }) {
  return (
    <ChartFrame label={label}>
      <BarChart data={rows} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="week" tickFormatter={shortWeek} tick={TICK} minTickGap={12} />
        <YAxis domain={[0, 100]} unit="%" tick={TICK} />
        <Tooltip labelFormatter={(week) => `Week of ${shortWeek(String(week))}`} />
        <Bar dataKey="rate" name="On time" unit="%" fill={COLOURS[0]} isAnimationActive={false} />
      </BarChart>
    </ChartFrame>
  );
}

function HorizontalBars<T extends object>({
  rows,
  label,
  name,
  dataKey,
  nameKey,
  unit,
  domain,
}: {
  rows: T[];
  label: string;
  name: string;
  dataKey: string;
  nameKey: string;
  unit?: string;
  domain?: [number, number];
}) {
  return (
    <ChartFrame label={label} height={Math.max(160, rows.length * 28 + 48)}>
      <BarChart
        data={rows}
        layout="vertical"
        accessibilityLayer={false}
        margin={{ top: 0, right: 16, bottom: 0, left: 0 }}
      >
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" domain={domain} unit={unit} tick={TICK} />
        <YAxis type="category" dataKey={nameKey} width={112} tick={TICK} interval={0} />
        <Tooltip />
        <Bar dataKey={dataKey} name={name} unit={unit} fill={COLOURS[0]} isAnimationActive={false} />
      </BarChart>
    </ChartFrame>
  );
}

export function OnTimeCarriersChart({ rows, label }: { rows: Reports["onTimeCarriers"]; label: string }) {
  const data = rows.map((row) => ({ name: row.carrier.name, rate: row.rate }));
  return (
    <HorizontalBars
      rows={data}
      label={label}
      name="On time"
      dataKey="rate"
      nameKey="name"
      unit="%"
      domain={[0, 100]}
    />
  );
}

export function PriceVarianceChart({ rows, label }: { rows: Reports["priceVariance"]; label: string }) {
  const data = rows.map((row) => ({
    name: rows.some((other) => other !== row && other.carrier.name === row.carrier.name)
      ? `${row.carrier.name} (${row.currencyCode})`
      : row.carrier.name,
    median: row.medianPercent,
    // The whisker: from the 10th to the 90th percentile around the median.
    spread: [row.medianPercent - row.p10Percent, row.p90Percent - row.medianPercent],
  }));
  return (
    <ChartFrame label={label} height={Math.max(160, data.length * 32 + 48)}>
      <BarChart
        data={data}
        layout="vertical"
        accessibilityLayer={false}
        margin={{ top: 0, right: 16, bottom: 0, left: 0 }}
      >
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" unit="%" tick={TICK} />
        <YAxis type="category" dataKey="name" width={112} tick={TICK} interval={0} />
        <ReferenceLine x={0} stroke={INK} />
        <Tooltip />
        <Bar dataKey="median" name="Median variance" unit="%" fill={COLOURS[2]} isAnimationActive={false}>
          <ErrorBar dataKey="spread" direction="x" width={6} stroke={INK} />
        </Bar>
      </BarChart>
    </ChartFrame>
  );
}

export function StageTimeChart({ rows, label }: { rows: Reports["stageTimes"]; label: string }) {
  const stages = (Object.keys(STAGE_LABEL) as (keyof typeof STAGE_LABEL)[]).filter((stage) =>
    rows.some((row) => row.stage === stage),
  );
  const sites = new Map<string, Record<string, string | number>>();
  for (const row of rows) {
    const entry = sites.get(row.site.id) ?? { site: row.site.code };
    entry[row.stage] = row.medianHours;
    sites.set(row.site.id, entry);
  }
  return (
    <ChartFrame label={label} height={280}>
      <BarChart
        data={[...sites.values()]}
        accessibilityLayer={false}
        margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
      >
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="site" tick={TICK} />
        <YAxis unit="h" tick={TICK} />
        <Tooltip />
        <Legend wrapperStyle={{ fontSize: 12, color: INK }} itemSorter={inBarOrder(stages)} />
        {stages.map((stage, index) => (
          <Bar
            key={stage}
            dataKey={stage}
            name={`${STAGE_LABEL[stage]} (median)`}
            unit=" h"
            fill={COLOURS[index % COLOURS.length]}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ChartFrame>
  );
}

export function FrontlineChart({ rows, label }: { rows: Reports["frontline"]; label: string }) {
  const data = rows.map((row) => ({ site: row.site.code, median: row.medianDays, p90: row.p90Days }));
  return (
    <ChartFrame label={label}>
      <BarChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="site" tick={TICK} />
        <YAxis tick={TICK} />
        <Tooltip />
        <Legend wrapperStyle={{ fontSize: 12, color: INK }} itemSorter={inBarOrder(["median", "p90"])} />
        <Bar dataKey="median" name="Median (days)" fill={COLOURS[1]} isAnimationActive={false} />
        <Bar dataKey="p90" name="90th percentile (days)" fill={COLOURS[2]} isAnimationActive={false} />
      </BarChart>
    </ChartFrame>
  );
}

export function LanesChart({ rows, label }: { rows: Reports["lanes"]; label: string }) {
  const data = rows.map((row) => ({
    lane: `${row.origin.code} → ${row.destination.code}`,
    requests: row.requests,
  }));
  return <HorizontalBars rows={data} label={label} name="Requests" dataKey="requests" nameKey="lane" />;
}

/** Median minutes off the window given at collection; the table adds the 90th percentile. */
export function EtaAccuracyLanesChart({ rows, label }: { rows: Reports["etaLanes"]; label: string }) {
  const data = rows.map((row) => ({
    lane: `${row.origin.code} → ${row.destination.code}`,
    minutes: row.medianMinutes,
  }));
  return (
    <HorizontalBars
      rows={data}
      label={label}
      name="Median minutes off"
      dataKey="minutes"
      nameKey="lane"
      unit=" min"
    />
  );
}

export function EtaAccuracyCarriersChart({ rows, label }: { rows: Reports["etaCarriers"]; label: string }) {
  const data = rows.map((row) => ({ name: row.carrier.name, minutes: row.medianMinutes }));
  return (
    <HorizontalBars
      rows={data}
      label={label}
      name="Median minutes off"
      dataKey="minutes"
      nameKey="name"
      unit=" min"
    />
  );
}
