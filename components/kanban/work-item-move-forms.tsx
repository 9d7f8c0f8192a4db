"use client";
// What two moves ask before they are made: the date the parts are expected ("Waiting parts") and the
// actual cost ("Finish": parts and sublet in the item's currency, hours priced at the site's rate). A
// field the server refuses shows its message under it.
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { toHours } from "@/components/kanban/work-item-words";
import { HydratedForm } from "@/components/ui/hydrated-form";
import { currencySymbol, toMinor } from "@/components/ui/money";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { ActionFailure } from "@/lib/http/action-result";
import type { ActualCostInput } from "@/lib/recon/schemas";

type Submit<T> = (value: T) => Promise<ActionFailure | null>;

function Field({
  label,
  error,
  children,
}: {
  label: string;
  error: string | undefined;
  children: (props: { id: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode;
}) {
  const id = useId();
  return (
    <div className="min-w-0">
      <Label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-700">
        {label}
      </Label>
      {children({ id, ...(error ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : {}) })}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

function MoveForm({
  onSubmit,
  children,
  failure,
  pending,
  submitLabel,
}: {
  onSubmit: () => void;
  children: ReactNode;
  failure: ActionFailure | null;
  pending: boolean;
  submitLabel: string;
}) {
  return (
    <HydratedForm
      noValidate
      className="mt-2 flex flex-col gap-2 rounded-md bg-slate-50 p-2.5 ring-1 ring-slate-200"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
      {failure ? (
        <p role="alert" className="text-sm text-red-700">
          {failure.message}
        </p>
      ) : null}
      <Button type="submit" size="sm" className="min-h-11 self-start" loading={pending}>
        {submitLabel}
      </Button>
    </HydratedForm>
  );
}

export function PartsDateForm({
  failure,
  pending,
  onSubmit,
}: {
  failure: ActionFailure | null;
  pending: boolean;
  onSubmit: Submit<string>;
}) {
  const [date, setDate] = useState("");
  const [error, setError] = useState<string | undefined>();
  const shown = error ?? failure?.fieldErrors?.partsExpectedOn;
  return (
    <MoveForm
      failure={failure}
      pending={pending}
      submitLabel="Mark waiting parts"
      onSubmit={() => {
        setError(date ? undefined : "Give the date the parts are expected.");
        if (date) void onSubmit(date);
      }}
    >
      <Field label="Parts expected on" error={shown}>
        {(props) => (
          <Input type="date" value={date} onChange={(event) => setDate(event.target.value)} {...props} />
        )}
      </Field>
    </MoveForm>
  );
}

const ACTUAL_FIELDS = ["partsCents", "hours", "subletCents"] as const;
type ActualField = (typeof ACTUAL_FIELDS)[number];

export function FinishForm({
  currency,
  failure,
  pending,
  onSubmit,
}: {
  currency: string;
  failure: ActionFailure | null;
  pending: boolean;
  onSubmit: Submit<ActualCostInput>;
}) {
  const [typed, setTyped] = useState<Record<ActualField, string>>({
    partsCents: "",
    hours: "",
    subletCents: "",
  });
  const [errors, setErrors] = useState<Partial<Record<ActualField, string>>>({});
  const symbol = currencySymbol(currency);
  const labels: Record<ActualField, string> = {
    partsCents: `Actual parts (${symbol})`,
    hours: "Hours worked",
    subletCents: `Sublet invoice (${symbol})`,
  };

  function submit() {
    const actual = {
      partsCents: toMinor(typed.partsCents, currency),
      hours: toHours(typed.hours),
      subletCents: toMinor(typed.subletCents, currency),
    };
    const missing = Object.fromEntries(
      ACTUAL_FIELDS.filter((field) => actual[field] === undefined).map((field) => [
        field,
        field === "hours" ? "Give the hours worked (0 if none)." : "Give the amount (0 if none).",
      ]),
    );
    setErrors(missing);
    if (Object.keys(missing).length === 0) void onSubmit(actual as ActualCostInput);
  }

  return (
    <MoveForm failure={failure} pending={pending} submitLabel="Finish item" onSubmit={submit}>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
        {ACTUAL_FIELDS.map((field) => (
          <Field
            key={field}
            label={labels[field]}
            error={errors[field] ?? failure?.fieldErrors?.[`actual.${field}`]}
          >
            {(props) => (
              <Input
                inputMode="decimal"
                value={typed[field]}
                onChange={(event) => setTyped({ ...typed, [field]: event.target.value })}
                {...props}
              />
            )}
          </Field>
        ))}
      </div>
    </MoveForm>
  );
}
