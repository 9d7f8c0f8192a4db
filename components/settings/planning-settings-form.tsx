"use client";
// The organisation's planning settings (lib/organisations/planning-settings-schema.ts): a driver's default
// cost per hour, the penalty for each hour late, and how drivers reposition. Money in pounds here, in
// pence on the server; the server checks the one schema and its field errors show under the fields.
import { useId, useState, useTransition } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { FieldError } from "@/components/ui/field-error";
import { HydratedForm } from "@/components/ui/hydrated-form";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toMinor, toTyped } from "@/components/ui/money";
import type { ActionResult } from "@/lib/http/action-result";
import type { PlanningSettings } from "@/lib/organisations/planning-settings-schema";

type FormValues = {
  driverCost: string;
  latenessPenalty: string;
  repositioningMode: PlanningSettings["repositioningMode"];
  publicTransportFactor: string;
  chaseCarCost: string;
};

/** Pence from what was typed; left as typed when it is none, for the schema to refuse. */
const pence = (text: string) => toMinor(text, "GBP") ?? text;
const pounds = (pence: number) => toTyped(pence, "GBP");

const FIELD_OF: Record<string, keyof FormValues> = {
  driverCostPerHourCents: "driverCost",
  latenessPenaltyPerHourCents: "latenessPenalty",
  publicTransportFactor: "publicTransportFactor",
  chaseCarCostPerKmCents: "chaseCarCost",
  repositioningMode: "repositioningMode",
};

function toFormValues(settings: PlanningSettings): FormValues {
  return {
    driverCost: pounds(settings.driverCostPerHourCents),
    latenessPenalty: pounds(settings.latenessPenaltyPerHourCents),
    repositioningMode: settings.repositioningMode,
    publicTransportFactor: String(settings.publicTransportFactor),
    chaseCarCost: pounds(settings.chaseCarCostPerKmCents),
  };
}

export function PlanningSettingsForm({
  initial,
  saveAction,
}: {
  initial: PlanningSettings;
  saveAction: (input: unknown) => Promise<ActionResult<PlanningSettings>>;
}) {
  const id = useId();
  const [pending, startTransition] = useTransition();
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<keyof FormValues, string>>>({});
  const form = useForm<FormValues>({ defaultValues: toFormValues(initial) });
  const mode = useWatch({ control: form.control, name: "repositioningMode" });
  const described = (field: keyof FormValues) =>
    fieldErrors[field] ? { "aria-invalid": true, "aria-describedby": `${id}-${field}-error` } : {};

  const submit = form.handleSubmit((values) =>
    startTransition(async () => {
      const factor = Number(values.publicTransportFactor);
      const result = await saveAction({
        driverCostPerHourCents: pence(values.driverCost),
        latenessPenaltyPerHourCents: pence(values.latenessPenalty),
        repositioningMode: values.repositioningMode,
        publicTransportFactor: Number.isFinite(factor) ? factor : values.publicTransportFactor,
        chaseCarCostPerKmCents: pence(values.chaseCarCost),
      });
      if (result.ok) {
        form.reset(toFormValues(result.data));
        setFieldErrors({});
        setOutcome({ ok: true, message: "Saved: the next plan of the pool uses these." });
        return;
      }
      setFieldErrors(
        Object.fromEntries(
          Object.entries(result.fieldErrors ?? {}).map(([path, message]) => [
            FIELD_OF[path] ?? path,
            message,
          ]),
        ),
      );
      setOutcome({ ok: false, message: result.message });
    }),
  );

  const money = (field: "driverCost" | "latenessPenalty" | "chaseCarCost", label: string, hint: string) => (
    <div>
      <Label htmlFor={`${id}-${field}`}>{label}</Label>
      <Input
        id={`${id}-${field}`}
        inputMode="decimal"
        autoComplete="off"
        className="mt-1.5 max-w-40"
        {...described(field)}
        {...form.register(field)}
      />
      <p className="mt-1 text-sm text-slate-600">{hint}</p>
      <FieldError id={`${id}-${field}-error`}>{fieldErrors[field]}</FieldError>
    </div>
  );

  return (
    <Card className="mb-6 max-w-4xl">
      <CardHeader
        title="Planning settings"
        description="What “Plan the pool” weighs for every driver: their time, lateness, and getting to the next car."
      />
      <CardBody>
        <HydratedForm onSubmit={submit} noValidate className="space-y-5" aria-label="Planning settings">
          <div className="grid gap-4 sm:grid-cols-2">
            {money("driverCost", "A driver's cost per hour (£)", "For drivers without a cost of their own.")}
            {money(
              "latenessPenalty",
              "Penalty per hour late (£)",
              "What an hour past a deadline costs the plan.",
            )}
          </div>
          <fieldset>
            <legend className="text-sm font-medium text-slate-900">
              Drivers get to the next collection, and home
            </legend>
            <div className="mt-2 flex flex-col gap-1 sm:flex-row sm:gap-6">
              <label className="flex min-h-11 items-center gap-2 text-slate-800">
                <input
                  type="radio"
                  className="size-5"
                  value="PUBLIC_TRANSPORT"
                  {...form.register("repositioningMode")}
                />
                By public transport
              </label>
              <label className="flex min-h-11 items-center gap-2 text-slate-800">
                <input
                  type="radio"
                  className="size-5"
                  value="CHASE_CAR"
                  {...form.register("repositioningMode")}
                />
                In a chase car
              </label>
            </div>
          </fieldset>
          {mode === "PUBLIC_TRANSPORT" ? (
            <div>
              <Label htmlFor={`${id}-publicTransportFactor`}>Public transport takes the driving time ×</Label>
              <Input
                id={`${id}-publicTransportFactor`}
                inputMode="decimal"
                autoComplete="off"
                className="mt-1.5 max-w-28"
                {...described("publicTransportFactor")}
                {...form.register("publicTransportFactor")}
              />
              <FieldError id={`${id}-publicTransportFactor-error`}>
                {fieldErrors.publicTransportFactor}
              </FieldError>
            </div>
          ) : (
            money("chaseCarCost", "A chase car's cost per km (£)", "Besides the driver's time.")
          )}
          <div role="status" className="empty:hidden">
            {outcome ? <Alert tone={outcome.ok ? "success" : "danger"}>{outcome.message}</Alert> : null}
          </div>
          <Button type="submit" loading={pending}>
            Save planning settings
          </Button>
        </HydratedForm>
      </CardBody>
    </Card>
  );
}
