"use client";
// A labelled form control of the wizard: label, control, hint and inline error, wired for assistive
// technology (aria-invalid, aria-describedby) and for the error summary (data-field = the form path,
// the same dot path the API reports errors under).
import type { ReactNode } from "react";
import { get, useFormContext, useFormState, type FieldError as HookFieldError } from "react-hook-form";
import { FieldError, FieldHint } from "@/components/ui/field-error";
import { Label } from "@/components/ui/label";
import { cn } from "@/components/ui/cn";
import type { WizardInput } from "@/lib/movement-requests/wizard/wizard-schema";

/** The element id of a form path: "vehicle.vrm" → "wizard-vehicle-vrm". */
export function fieldId(path: string): string {
  return `wizard-${path.replaceAll(".", "-")}`;
}

/** Turns an empty or blank text input into "not given", as the API expects an omitted field. */
export function blankToUndefined(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed;
}

export function useFieldError(path: string): string | undefined {
  const { control } = useFormContext<WizardInput>();
  const { errors } = useFormState({ control, name: path as never });
  return (get(errors, path) as HookFieldError | undefined)?.message;
}

// A field with an error is marked in the margin as well as in red, so it is found at a glance.
const invalidMark = "-ml-4 border-l-4 border-red-600 pl-3";

export type ControlProps = {
  id: string;
  "aria-invalid": boolean | undefined;
  "aria-describedby": string | undefined;
  "data-field": string;
};

export function Field({
  path,
  label,
  optional,
  hint,
  feedback,
  className,
  children,
}: {
  path: string;
  label: ReactNode;
  optional?: boolean;
  hint?: ReactNode;
  /** Live feedback under the control (a rule applied, a counter); announced politely. */
  feedback?: ReactNode;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}) {
  const id = fieldId(path);
  const error = useFieldError(path);
  const describedBy = [
    hint ? `${id}-hint` : null,
    feedback ? `${id}-feedback` : null,
    error ? `${id}-error` : null,
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <div className={cn(className, error && invalidMark)}>
      <Label htmlFor={id} optional={optional}>
        {label}
      </Label>
      {hint ? (
        <FieldHint id={`${id}-hint`} className="mt-0.5 mb-1.5">
          {hint}
        </FieldHint>
      ) : (
        <div className="h-1.5" />
      )}
      {children({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy || undefined,
        "data-field": path,
      })}
      {feedback ? (
        <div id={`${id}-feedback`} aria-live="polite" className="mt-1.5 text-sm">
          {feedback}
        </div>
      ) : null}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

/** A group of radios or checkboxes: fieldset and legend, its error under the group. */
export function FieldGroup({
  path,
  legend,
  hint,
  className,
  children,
}: {
  path: string;
  legend: ReactNode;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const id = fieldId(path);
  const error = useFieldError(path);
  return (
    <fieldset
      className={cn("min-w-0", className, error && invalidMark)}
      aria-describedby={
        [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined
      }
      data-invalid={error ? true : undefined}
    >
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      {hint ? (
        <FieldHint id={`${id}-hint`} className="mt-0.5">
          {hint}
        </FieldHint>
      ) : null}
      <div className="mt-2">{children}</div>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </fieldset>
  );
}
