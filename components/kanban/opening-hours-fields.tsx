"use client";
// The opening hours of a prep site (one interval per weekday, or closed) and its closed days, in the
// site's time zone. Off: ageing counts every hour of the day.
import { Input, Textarea } from "@/components/ui/input";
import { WEEK_FROM_MONDAY, WEEKDAY_NAMES, type Weekday } from "@/lib/dates";

export type HoursDraft = {
  enabled: boolean;
  days: Record<Weekday, { open: string; close: string; closed: boolean }>;
  closedDays: string;
};

export function OpeningHoursFields({
  timeZone,
  hours,
  onChange,
  errors,
}: {
  timeZone: string;
  hours: HoursDraft;
  onChange: (hours: HoursDraft) => void;
  errors: Record<string, string>;
}) {
  const setDay = (day: Weekday, patch: Partial<HoursDraft["days"][Weekday]>) =>
    onChange({ ...hours, days: { ...hours.days, [day]: { ...hours.days[day], ...patch } } });
  return (
    <fieldset className="rounded-lg border border-slate-200 bg-white p-4">
      <legend className="px-1 text-base font-semibold">Opening hours (working-hours ageing)</legend>
      <label className="flex min-h-11 items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          className="size-5"
          checked={hours.enabled}
          onChange={(event) => onChange({ ...hours, enabled: event.target.checked })}
        />
        Count only opening hours in time in stage
      </label>
      <p className="text-sm text-slate-600">
        Times are in the site&apos;s time zone, {timeZone}. When this is off, every hour of the day counts.
      </p>
      {hours.enabled ? (
        <div className="mt-3 grid gap-2">
          {WEEK_FROM_MONDAY.map((day) => {
            const entry = hours.days[day];
            const error = errors[`openingHours.${day}.0.close`] ?? errors[`openingHours.${day}.0.open`];
            return (
              <div
                key={day}
                className="grid grid-cols-2 items-center gap-2 text-sm sm:grid-cols-[6.5rem_auto_minmax(0,1fr)_minmax(0,1fr)]"
              >
                <span className="font-medium">{WEEKDAY_NAMES[day]}</span>
                <label className="flex min-h-11 items-center gap-1.5">
                  <input
                    type="checkbox"
                    className="size-5"
                    checked={!entry.closed}
                    onChange={(event) => setDay(day, { closed: !event.target.checked })}
                  />
                  Open
                </label>
                <Input
                  type="time"
                  aria-label={`${WEEKDAY_NAMES[day]} opens at`}
                  className="h-11 min-w-0 md:pointer-fine:h-9"
                  value={entry.open}
                  disabled={entry.closed}
                  onChange={(event) => setDay(day, { open: event.target.value })}
                />
                <Input
                  type="time"
                  aria-label={`${WEEKDAY_NAMES[day]} closes at`}
                  className="h-11 min-w-0 md:pointer-fine:h-9"
                  value={entry.close}
                  disabled={entry.closed}
                  aria-invalid={error ? true : undefined}
                  onChange={(event) => setDay(day, { close: event.target.value })}
                />
                {error ? <p className="col-span-2 text-xs text-red-700 sm:col-span-4">{error}</p> : null}
              </div>
            );
          })}
          <label htmlFor="closed-days" className="mt-2 block text-sm font-medium">
            Closed days (one date per line, YYYY-MM-DD)
          </label>
          <Textarea
            id="closed-days"
            rows={3}
            value={hours.closedDays}
            aria-invalid={
              errors.closedDays || Object.keys(errors).some((key) => key.startsWith("closedDays."))
                ? true
                : undefined
            }
            onChange={(event) => onChange({ ...hours, closedDays: event.target.value })}
          />
          {Object.entries(errors)
            .filter(([key]) => key.startsWith("closedDays"))
            .slice(0, 1)
            .map(([key, message]) => (
              <p key={key} className="text-xs text-red-700">
                Closed days: {message}
              </p>
            ))}
        </div>
      ) : null}
    </fieldset>
  );
}
