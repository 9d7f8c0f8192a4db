"use client";
// One driver's planning fields (docs/planning.md, "Drivers"): home site, the hours of each weekday (a
// day unticked is off), days off, transporter licence and cost per hour. The server checks the one
// schema (driverPlanningInput); its field errors come back under the fields they name.
import { useId, useState, useTransition } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { HydratedForm } from "@/components/ui/hydrated-form";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toMinor, toTyped } from "@/components/ui/money";
import { formatMinorUnits } from "@/lib/intl-formats";
import { Select } from "@/components/ui/select";
import { WEEK_FROM_MONDAY, WEEKDAY_NAMES, type Weekday } from "@/lib/dates";
import type { DriverResponse } from "@/lib/drivers/schemas";
import type { ActionResult } from "@/lib/http/action-result";

type DayValues = { works: boolean; start: string; end: string };
type FormValues = {
  homeSiteId: string;
  days: Record<Weekday, DayValues>;
  daysOff: string;
  transporterLicence: boolean;
  costPerHour: string;
};

export type SiteChoice = { id: string; name: string; code: string };

type Props = {
  driver: DriverResponse;
  sites: SiteChoice[];
  /** The organisation's cost per hour, for a driver without their own (in cents). */
  defaultCostPerHourCents: number;
  saveAction: (driverId: string, input: unknown) => Promise<ActionResult<DriverResponse>>;
};

function toFormValues(driver: DriverResponse): FormValues {
  const days = Object.fromEntries(
    WEEK_FROM_MONDAY.map((day) => {
      const hours = driver.workingHours[day];
      return [
        day,
        { works: hours !== undefined, start: hours?.start ?? "08:00", end: hours?.end ?? "17:00" },
      ];
    }),
  ) as Record<Weekday, DayValues>;
  return {
    homeSiteId: driver.homeSiteId ?? "",
    days,
    daysOff: driver.daysOff.join(", "),
    transporterLicence: driver.transporterLicence,
    costPerHour: driver.costPerHourCents === null ? "" : toTyped(driver.costPerHourCents, "GBP"),
  };
}

/** The action's input; what does not parse here (a cost that is no number) is left for its schema to refuse. */
function toInput(values: FormValues) {
  const cost = values.costPerHour.trim();
  return {
    homeSiteId: values.homeSiteId || null,
    workingHours: Object.fromEntries(
      WEEK_FROM_MONDAY.filter((day) => values.days[day].works).map((day) => [
        day,
        { start: values.days[day].start, end: values.days[day].end },
      ]),
    ),
    daysOff: values.daysOff
      .split(/[\s,]+/)
      .map((day) => day.trim())
      .filter(Boolean),
    transporterLicence: values.transporterLicence,
    costPerHourCents: cost === "" ? null : (toMinor(cost, "GBP") ?? cost),
  };
}

/** A server field error's path ("workingHours.mon.end", "daysOff.1") to the form's field. */
function fieldOf(path: string): string {
  const [head, second] = path.split(".");
  if (head === "workingHours" && second) return `days.${second}`;
  if (head === "costPerHourCents") return "costPerHour";
  return head ?? path;
}

export function DriverPlanningForm({ driver, sites, defaultCostPerHourCents, saveAction }: Props) {
  const id = useId();
  const [pending, startTransition] = useTransition();
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const form = useForm<FormValues>({ defaultValues: toFormValues(driver) });
  const days = useWatch({ control: form.control, name: "days" });
  const errorOf = (field: string) => fieldErrors[field];
  const described = (field: string) =>
    errorOf(field) ? { "aria-invalid": true, "aria-describedby": `${id}-${field}-error` } : {};

  const submit = form.handleSubmit((values) => {
    startTransition(async () => {
      const result = await saveAction(driver.id, toInput(values));
      if (result.ok) {
        form.reset(toFormValues(result.data));
        setFieldErrors({});
        setOutcome({ ok: true, message: "Saved: the next plan of the pool uses these." });
        return;
      }
      setFieldErrors(
        Object.fromEntries(
          Object.entries(result.fieldErrors ?? {}).map(([path, message]) => [fieldOf(path), message]),
        ),
      );
      setOutcome({ ok: false, message: result.message });
    });
  });

  return (
    <HydratedForm
      onSubmit={submit}
      noValidate
      className="space-y-5"
      aria-label={`Planning of ${driver.firstname} ${driver.surname}`}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <Label htmlFor={`${id}-home`}>Home site</Label>
          <Select
            id={`${id}-home`}
            className="mt-1.5"
            {...described("homeSiteId")}
            {...form.register("homeSiteId")}
          >
            <option value="">None: leave out of plans</option>
            {sites.map((site) => (
              <option key={site.id} value={site.id}>
                {site.name} ({site.code})
              </option>
            ))}
          </Select>
          <FieldError id={`${id}-homeSiteId-error`}>{errorOf("homeSiteId")}</FieldError>
        </div>
        <div>
          <Label htmlFor={`${id}-cost`}>Cost per hour (£)</Label>
          <Input
            id={`${id}-cost`}
            inputMode="decimal"
            autoComplete="off"
            className="mt-1.5 max-w-40"
            placeholder={toTyped(defaultCostPerHourCents, "GBP")}
            {...described("costPerHour")}
            {...form.register("costPerHour")}
          />
          <p className="mt-1 text-sm text-slate-600">
            Empty: the organisation&apos;s default, {formatMinorUnits(defaultCostPerHourCents, "GBP")}.
          </p>
          <FieldError id={`${id}-costPerHour-error`}>{errorOf("costPerHour")}</FieldError>
        </div>
      </div>

      <label className="flex min-h-11 items-start gap-2 text-slate-800">
        <input type="checkbox" className="mt-0.5 size-5 shrink-0" {...form.register("transporterLicence")} />
        Licensed for transporters (may move vehicles on a transporter as well as drive them)
      </label>

      <fieldset>
        <legend className="text-sm font-medium text-slate-900">
          Working hours, at the home site&apos;s clock
        </legend>
        <ul className="mt-2 divide-y divide-slate-100">
          {WEEK_FROM_MONDAY.map((day) => {
            const works = days[day].works;
            return (
              <li key={day} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-1.5">
                <label className="flex min-h-11 w-36 items-center gap-2 text-slate-800">
                  <input type="checkbox" className="size-5" {...form.register(`days.${day}.works`)} />
                  {WEEKDAY_NAMES[day]}
                </label>
                {works ? (
                  <span className="flex items-center gap-2">
                    <Input
                      type="time"
                      aria-label={`${WEEKDAY_NAMES[day]} start`}
                      className="w-32"
                      {...described(`days.${day}`)}
                      {...form.register(`days.${day}.start`)}
                    />
                    <span aria-hidden="true">–</span>
                    <Input
                      type="time"
                      aria-label={`${WEEKDAY_NAMES[day]} end`}
                      className="w-32"
                      {...described(`days.${day}`)}
                      {...form.register(`days.${day}.end`)}
                    />
                  </span>
                ) : (
                  <span className="text-sm text-slate-600">Off</span>
                )}
                <FieldError id={`${id}-days.${day}-error`} className="basis-full">
                  {errorOf(`days.${day}`)}
                </FieldError>
              </li>
            );
          })}
        </ul>
      </fieldset>

      <div>
        <Label htmlFor={`${id}-off`}>Days off besides the weekly ones</Label>
        <Input
          id={`${id}-off`}
          autoComplete="off"
          className="mt-1.5"
          placeholder="2026-12-24, 2026-12-31"
          {...described("daysOff")}
          {...form.register("daysOff")}
        />
        <p className="mt-1 text-sm text-slate-600">Dates as YYYY-MM-DD, separated by commas.</p>
        <FieldError id={`${id}-daysOff-error`}>{errorOf("daysOff")}</FieldError>
      </div>

      <div role="status" className="empty:hidden">
        {outcome ? <Alert tone={outcome.ok ? "success" : "danger"}>{outcome.message}</Alert> : null}
      </div>
      <Button type="submit" loading={pending}>
        Save {driver.firstname}&apos;s planning
      </Button>
    </HydratedForm>
  );
}
