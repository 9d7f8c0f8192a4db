// The parts every chart of /reports is drawn with, on the server as plain HTML bars: no chart library
// reaches the browser, so the page is whole as its HTML arrives. A chart is an image to assistive
// technology (role="img" named by what it shows); the table under it gives its figures.
import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";

/** The series' colours in order (blue, teal, amber, violet): distinct for the common colour blindnesses. */
export const SERIES = ["bg-blue-700", "bg-teal-700", "bg-amber-700", "bg-violet-600"] as const;

export const percentOf = (value: number, max: number) =>
  `${max > 0 ? Math.min(100, Math.max(0, (100 * value) / max)) : 0}%`;

export function BarsFrame({
  label,
  legend,
  children,
}: {
  label: string;
  legend?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div role="img" aria-label={label} data-chart className="space-y-3">
      {legend ? <div className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700">{legend}</div> : null}
      <div className="space-y-2">{children}</div>
    </div>
  );
}

export function LegendKey({ colour, label }: { colour: string; label: string }) {
  return (
    <span className="inline-flex items-center gap-1.5" data-legend-item>
      <span aria-hidden className={cn("inline-block size-3 rounded-sm", colour)} data-swatch />
      <span data-legend-label>{label}</span>
    </span>
  );
}

/** A row: its name and figure above, its bars below (a phone has no room beside them). */
export function BarRow({ name, note, children }: { name: string; note: string; children: ReactNode }) {
  return (
    <div className="min-w-0" data-bar-row>
      <div className="flex items-baseline justify-between gap-2 text-xs">
        <span className="truncate font-medium text-slate-900">{name}</span>
        <span className="shrink-0 text-slate-600 tabular-nums">{note}</span>
      </div>
      <div className="mt-1 space-y-0.5">{children}</div>
    </div>
  );
}

/** One bar, its length `value` of `max`. */
export function Bar({
  value,
  max,
  colour,
  thick,
}: {
  value: number;
  max: number;
  colour: string;
  thick?: boolean;
}) {
  return (
    <div
      data-bar
      className={cn("rounded-sm", thick ? "h-3" : "h-2.5", colour)}
      style={{ width: percentOf(value, max) }}
    />
  );
}

/** One bar per row, its figure beside the name. */
export function HorizontalBars({
  rows,
  label,
  legend,
  max,
  colour = SERIES[0],
}: {
  rows: { name: string; value: number; note: string }[];
  label: string;
  legend: string;
  /** The scale's end; the largest value by default. */
  max?: number;
  colour?: string;
}) {
  const end = max ?? Math.max(0, ...rows.map((row) => row.value));
  return (
    <BarsFrame label={label} legend={<LegendKey colour={colour} label={legend} />}>
      {rows.map((row) => (
        <BarRow key={row.name} name={row.name} note={row.note}>
          <Bar value={row.value} max={end} colour={colour} thick />
        </BarRow>
      ))}
    </BarsFrame>
  );
}
