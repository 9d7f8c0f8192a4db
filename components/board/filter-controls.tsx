"use client";
// The board's filter controls that are not about one column: a labelled field, a site picker, a date
// range and the "late only" toggle. Widths come from the caller (a row on desktops, a column in the sheet).
import { useId, type ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import type { BoardOptions } from "@/lib/movement-requests/board/board-options";

export function Filter({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

export function SiteSelect({
  id,
  sites,
  value,
  allLabel,
  onChange,
  className,
}: {
  id: string;
  sites: BoardOptions["sites"];
  value: string[];
  allLabel: string;
  onChange: (ids: string[]) => void;
  className?: string;
}) {
  // The URL may hold several sites (a shared link); the picker chooses one.
  const current = value.length > 1 ? "__several" : (value[0] ?? "");
  return (
    <Select
      id={id}
      value={current}
      onChange={(event) => onChange(event.target.value ? [event.target.value] : [])}
      className={className}
    >
      <option value="">{allLabel}</option>
      {value.length > 1 ? (
        <option value="__several" disabled>
          {value.length} sites
        </option>
      ) : null}
      {sites.map((site) => (
        <option key={site.id} value={site.id}>
          {site.name} ({site.code})
        </option>
      ))}
    </Select>
  );
}

export function DateRange({
  label,
  from,
  to,
  onChange,
  stacked = false,
}: {
  label: string;
  from: string | undefined;
  to: string | undefined;
  onChange: (from: string | undefined, to: string | undefined) => void;
  /** In the filter sheet: the two dates share the sheet's width. */
  stacked?: boolean;
}) {
  const id = useId();
  const width = stacked ? "min-w-0 flex-1 px-2" : "w-[8.5rem] px-2";
  return (
    <fieldset>
      <legend className="mb-1 block text-xs font-medium text-slate-600">{label}</legend>
      <div className="flex items-center gap-1">
        <label htmlFor={`${id}-from`} className="sr-only">
          {label} from
        </label>
        <Input
          id={`${id}-from`}
          type="date"
          value={from ?? ""}
          max={to}
          onChange={(event) => onChange(event.target.value || undefined, to)}
          className={width}
        />
        <span aria-hidden="true" className="text-slate-400">
          –
        </span>
        <label htmlFor={`${id}-to`} className="sr-only">
          {label} to
        </label>
        <Input
          id={`${id}-to`}
          type="date"
          value={to ?? ""}
          min={from}
          onChange={(event) => onChange(from, event.target.value || undefined)}
          className={width}
        />
      </div>
    </fieldset>
  );
}

/** A filter that is on or off ("Late only", "At risk only"), tinted like its badge when on. */
function FlagToggle({
  label,
  checked,
  onChange,
  tone,
  className,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  tone: "red" | "amber";
  className?: string;
}) {
  return (
    <label
      className={cn(
        "flex h-9 cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-3 text-sm shadow-sm hover:border-slate-400 pointer-coarse:h-11",
        "has-focus-visible:outline-2 has-focus-visible:outline-blue-600",
        tone === "red"
          ? "has-checked:border-red-300 has-checked:bg-red-50 has-checked:text-red-800"
          : "has-checked:border-amber-400 has-checked:bg-amber-50 has-checked:text-amber-900",
        className,
      )}
    >
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className={cn(
          "size-4 focus-visible:outline-none",
          tone === "red" ? "accent-red-600" : "accent-amber-600",
        )}
      />
      {label}
    </label>
  );
}

type ToggleProps = { checked: boolean; onChange: (checked: boolean) => void; className?: string };

export function LateOnlyToggle(props: ToggleProps) {
  return <FlagToggle label="Late only" tone="red" {...props} />;
}

export function AtRiskOnlyToggle(props: ToggleProps) {
  return <FlagToggle label="At risk only" tone="amber" {...props} />;
}
