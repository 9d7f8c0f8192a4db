"use client";
// One estimate line of a work item's form (adding or editing one): its kind, description, and its amount
// (parts, sublet) or hours (labour), as the kind asks. Narrow screens stack the fields; wider ones line
// them up.
import { useWatch, type UseFormReturn } from "react-hook-form";
import type { WorkItemFormValues } from "@/components/kanban/work-item-form";
import { LINE_KIND_LABEL } from "@/components/kanban/work-item-words";
import { currencySymbol } from "@/components/ui/money";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import type { EstimateLineKind } from "@/lib/generated/prisma/enums";

export type LineValues = { kind: EstimateLineKind; description: string; amount: string; hours: string };

const KINDS = Object.keys(LINE_KIND_LABEL) as EstimateLineKind[];

export function EstimateLineFields({
  form,
  index,
  idPrefix,
  currency,
  onRemove,
}: {
  form: UseFormReturn<WorkItemFormValues>;
  index: number;
  /** Keeps the ids of two forms in one drawer apart. */
  idPrefix: string;
  currency: string;
  onRemove?: () => void;
}) {
  const kind = useWatch({ control: form.control, name: `lines.${index}.kind` });
  const errors = form.formState.errors.lines?.[index];
  const id = `${idPrefix}-line-${index}`;
  const line = <span className="sr-only">Line {index + 1} </span>;
  const labour = kind === "LABOUR";
  const valueName = labour ? (`lines.${index}.hours` as const) : (`lines.${index}.amount` as const);
  const valueError = labour ? errors?.hours : errors?.amount;
  const described = (field: string, error: unknown) =>
    error ? { "aria-invalid": true as const, "aria-describedby": `${id}-${field}-error` } : {};
  return (
    <div
      className="grid grid-cols-1 gap-2 rounded-md bg-white p-2 ring-1 ring-slate-200 sm:grid-cols-[8rem_minmax(0,1fr)_7rem_auto] sm:items-start"
      data-testid="estimate-line"
    >
      <div>
        <Label htmlFor={`${id}-kind`} className="mb-1 text-xs">
          {line}Kind
        </Label>
        <Select id={`${id}-kind`} {...form.register(`lines.${index}.kind`)}>
          {KINDS.map((value) => (
            <option key={value} value={value}>
              {LINE_KIND_LABEL[value]}
            </option>
          ))}
        </Select>
      </div>
      <div className="min-w-0">
        <Label htmlFor={`${id}-description`} className="mb-1 text-xs">
          {line}Description
        </Label>
        <Input
          id={`${id}-description`}
          maxLength={200}
          {...described("description", errors?.description)}
          {...form.register(`lines.${index}.description`)}
        />
        <FieldError id={`${id}-description-error`}>{errors?.description?.message}</FieldError>
      </div>
      <div>
        <Label htmlFor={`${id}-value`} className="mb-1 text-xs">
          {line}
          {labour ? "Hours" : `Amount (${currencySymbol(currency)})`}
        </Label>
        <Input
          key={valueName}
          id={`${id}-value`}
          inputMode="decimal"
          {...described("value", valueError)}
          {...form.register(valueName)}
        />
        <FieldError id={`${id}-value-error`}>{valueError?.message}</FieldError>
      </div>
      {onRemove ? (
        <Button variant="ghost" size="sm" className="min-h-11 sm:mt-5" onClick={onRemove}>
          Remove<span className="sr-only"> line {index + 1}</span>
        </Button>
      ) : null}
    </div>
  );
}
