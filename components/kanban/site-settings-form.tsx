"use client";
// An admin's kanban settings for one prep site: a WIP limit and the ageing thresholds of each stage,
// and the opening hours that working-hours ageing counts. Empty fields mean "no limit" and "the
// default thresholds". The server action validates with prepSiteSettingsSchema and answers per field.
import { useState, type FormEvent } from "react";
import { OpeningHoursFields, type HoursDraft } from "@/components/kanban/opening-hours-fields";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { HydratedForm } from "@/components/ui/hydrated-form";
import { Input } from "@/components/ui/input";
import type { PrepJobStage as Stage } from "@/lib/generated/prisma/enums";
import type { ActionResult } from "@/lib/http/action-result";
import type { AgeingThresholds } from "@/lib/prep-jobs/kanban/ageing";
import { KANBAN_STAGES, stageLabel } from "@/lib/prep-jobs/kanban/board";
import type { PrepSiteSettingsInput, PrepSiteSettingsValues } from "@/lib/prep-jobs/kanban/kanban-settings";
import { WEEKDAYS } from "@/lib/dates";

type StageDraft = { limit: string; amber: string; red: string };
export type SaveSettingsAction = (
  siteId: string,
  input: PrepSiteSettingsInput,
) => Promise<ActionResult<PrepSiteSettingsValues>>;

const text = (value: number | undefined) => (value === undefined ? "" : String(value));
const number = (value: string) => (value.trim() === "" ? undefined : Number(value));

function toDraft(values: PrepSiteSettingsValues) {
  const stages = Object.fromEntries(
    KANBAN_STAGES.map((stage) => [
      stage,
      {
        limit: text(values.wipLimits[stage]),
        amber: text(values.ageingThresholds[stage]?.amberHours),
        red: text(values.ageingThresholds[stage]?.redHours),
      },
    ]),
  ) as Record<Stage, StageDraft>;
  const hours: HoursDraft = {
    enabled: values.openingHours !== null,
    days: Object.fromEntries(
      WEEKDAYS.map((day) => {
        const interval = values.openingHours?.[day]?.[0];
        return [
          day,
          { open: interval?.open ?? "08:00", close: interval?.close ?? "18:00", closed: !interval },
        ];
      }),
    ) as HoursDraft["days"],
    closedDays: values.closedDays.join("\n"),
  };
  return { stages, hours };
}

function toInput(stages: Record<Stage, StageDraft>, hours: HoursDraft): PrepSiteSettingsInput {
  const wipLimits: Partial<Record<Stage, number>> = {};
  const ageingThresholds: Partial<Record<Stage, AgeingThresholds>> = {};
  for (const stage of KANBAN_STAGES) {
    const draft = stages[stage];
    const limit = number(draft.limit);
    if (limit !== undefined) wipLimits[stage] = limit;
    const amber = number(draft.amber);
    const red = number(draft.red);
    if (amber !== undefined || red !== undefined)
      ageingThresholds[stage] = { amberHours: amber ?? Number.NaN, redHours: red ?? Number.NaN };
  }
  const openingHours = hours.enabled
    ? Object.fromEntries(
        WEEKDAYS.map((day) => {
          const entry = hours.days[day];
          return [day, entry.closed ? [] : [{ open: entry.open, close: entry.close }]];
        }),
      )
    : null;
  const closedDays = hours.closedDays
    .split(/[\s,]+/)
    .map((day) => day.trim())
    .filter(Boolean);
  return { wipLimits, ageingThresholds, openingHours, closedDays };
}

export function SiteSettingsForm({
  siteId,
  timeZone,
  initial,
  save,
}: {
  siteId: string;
  timeZone: string;
  initial: PrepSiteSettingsValues;
  save: SaveSettingsAction;
}) {
  const [draft] = useState(() => toDraft(initial));
  const [stages, setStages] = useState(draft.stages);
  const [hours, setHours] = useState(draft.hours);
  const [result, setResult] = useState<ActionResult<PrepSiteSettingsValues> | null>(null);
  const [saving, setSaving] = useState(false);
  const errors = result && !result.ok ? (result.fieldErrors ?? {}) : {};

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    try {
      setResult(await save(siteId, toInput(stages, hours)));
    } catch {
      setResult({
        ok: false,
        message: "The settings could not be saved: the service did not answer. Try again.",
      });
    } finally {
      setSaving(false);
    }
  }

  const setStage = (stage: Stage, patch: Partial<StageDraft>) =>
    setStages((current) => ({ ...current, [stage]: { ...current[stage], ...patch } }));

  return (
    <HydratedForm onSubmit={(event) => void submit(event)} className="flex max-w-3xl flex-col gap-6">
      <fieldset className="rounded-lg border border-slate-200 bg-white p-4">
        <legend className="px-1 text-base font-semibold">WIP limits and ageing per stage</legend>
        <p className="text-sm text-slate-600">
          Leave a field empty for no limit, or for the default thresholds. A column turns amber at its limit
          and red over it.
        </p>
        <div className="mt-3 grid gap-3">
          {KANBAN_STAGES.map((stage) => {
            const fields = [
              ["limit", "WIP limit", `wipLimits.${stage}`],
              ["amber", "Amber after (h)", `ageingThresholds.${stage}.amberHours`],
              ["red", "Red after (h)", `ageingThresholds.${stage}.redHours`],
            ] as const;
            return (
              <div
                key={stage}
                className="grid gap-2 sm:grid-cols-[8rem_repeat(3,minmax(0,1fr))] sm:items-end"
              >
                <p className="font-medium">{stageLabel(stage)}</p>
                {fields.map(([key, label, path]) => {
                  const id = `${stage}-${key}`;
                  const error =
                    errors[path] ?? (key !== "limit" ? errors[`ageingThresholds.${stage}`] : undefined);
                  return (
                    <div key={key}>
                      <label htmlFor={id} className="block text-xs font-medium text-slate-700">
                        {stageLabel(stage)}: {label}
                      </label>
                      <Input
                        id={id}
                        type="number"
                        min={1}
                        step={key === "limit" ? 1 : "any"}
                        inputMode="numeric"
                        className="mt-1 h-11 md:pointer-fine:h-9"
                        value={stages[stage][key]}
                        aria-invalid={error ? true : undefined}
                        onChange={(event) => setStage(stage, { [key]: event.target.value })}
                      />
                      {error ? <p className="mt-1 text-xs text-red-700">{error}</p> : null}
                    </div>
                  );
                })}
              </div>
            );
          })}
        </div>
      </fieldset>
      <OpeningHoursFields timeZone={timeZone} hours={hours} onChange={setHours} errors={errors} />
      <div role="status" className="empty:hidden">
        {result?.ok ? (
          <Alert tone="success" role="none">
            Saved. The kanban uses these settings now.
          </Alert>
        ) : null}
      </div>
      <div role="alert" className="empty:hidden">
        {result && !result.ok ? (
          <Alert tone="danger" role="none">
            {result.message}
          </Alert>
        ) : null}
      </div>
      <Button type="submit" className="min-h-11 self-start" disabled={saving}>
        {saving ? "Saving…" : "Save settings"}
      </Button>
    </HydratedForm>
  );
}
