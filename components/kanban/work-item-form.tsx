"use client";
// A work item's category, description and estimate lines (parts and sublet in the site's currency,
// labour in hours, which the site's labour rate prices): "Add a work item" (created PROPOSED), or an open
// item's edit (WorkItemEditor; the estimate only while it may still change). The server's schema judges
// it: each refused field shows the server's message under it.
import { useId } from "react";
import { useFieldArray, useForm } from "react-hook-form";
import { EstimateLineFields, type LineValues } from "@/components/kanban/estimate-line-fields";
import { CATEGORY_LABEL, toHours } from "@/components/kanban/work-item-words";
import { HydratedForm } from "@/components/ui/hydrated-form";
import { toMinor, toTyped } from "@/components/ui/money";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import type { ReconCategory } from "@/lib/generated/prisma/enums";
import type { ActionFailure } from "@/lib/http/action-result";
import type { EstimateLineInput, WorkItemResponse } from "@/lib/recon/schemas";

export type WorkItemFormValues = { category: ReconCategory | ""; description: string; lines: LineValues[] };

/** What the form gives: no estimate when it edits an item whose estimate is fixed. */
export type WorkItemFormBody = {
  category: ReconCategory;
  description: string;
  estimate?: EstimateLineInput[];
};

const NEW_LINE: LineValues = { kind: "LABOUR", description: "", amount: "", hours: "" };
const CATEGORIES = Object.keys(CATEGORY_LABEL) as ReconCategory[];

/** The server's field paths ("estimate.0.amountCents") as the form's ("lines.0.amount"). */
function formPath(path: string): string {
  return path
    .replace(/^estimate\./, "lines.")
    .replace(/\.amountCents$/, ".amount")
    .replace(/^currency$/, "root.server");
}

/** An item's values in the form; an item with no estimate yet starts with one line to fill. */
function valuesOf(item: WorkItemResponse): WorkItemFormValues {
  const lines = item.estimate.map((line): LineValues => ({
    kind: line.kind,
    description: line.description,
    amount: line.kind === "LABOUR" ? "" : toTyped(line.amountCents, item.currency),
    hours: line.hours === undefined ? "" : String(line.hours),
  }));
  return { category: item.category, description: item.description, lines: lines.length ? lines : [NEW_LINE] };
}

export function WorkItemForm({
  currency,
  item,
  estimateEditable = true,
  onSubmit,
  onCancel,
}: {
  currency: string;
  /** The item being edited; absent: a new one. */
  item?: WorkItemResponse;
  estimateEditable?: boolean;
  onSubmit: (body: WorkItemFormBody) => Promise<ActionFailure | null>;
  onCancel: () => void;
}) {
  const id = useId();
  const form = useForm<WorkItemFormValues>({
    defaultValues: item ? valuesOf(item) : { category: "", description: "", lines: [NEW_LINE] },
  });
  const lines = useFieldArray({ control: form.control, name: "lines" });
  const { errors, isSubmitting } = form.formState;

  /** A line as the schema takes it, or null (and the field's message) when its number is not one. */
  function lineInput(line: LineValues, index: number): EstimateLineInput | null {
    if (line.kind === "LABOUR") {
      const hours = toHours(line.hours);
      if (hours !== undefined) return { kind: line.kind, description: line.description, hours };
      form.setError(`lines.${index}.hours`, { message: "Give the hours, e.g. 1.5" });
      return null;
    }
    const amountCents = toMinor(line.amount, currency);
    if (amountCents !== undefined) return { kind: line.kind, description: line.description, amountCents };
    form.setError(`lines.${index}.amount`, { message: "Give the amount, e.g. 120.50" });
    return null;
  }

  async function submit(values: WorkItemFormValues) {
    const estimate = estimateEditable ? values.lines.map((line, index) => lineInput(line, index)) : [];
    if (!values.category || estimate.includes(null)) return;
    const failed = await onSubmit({
      category: values.category,
      description: values.description,
      ...(estimateEditable ? { estimate: estimate as EstimateLineInput[] } : {}),
    });
    if (!failed) return;
    form.setError("root.server", { message: failed.message });
    for (const [path, message] of Object.entries(failed.fieldErrors ?? {})) {
      form.setError(formPath(path) as "root.server", { message });
    }
  }

  return (
    <HydratedForm
      noValidate
      onSubmit={form.handleSubmit(submit)}
      className="mt-3 flex flex-col gap-3 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200"
      aria-label={item ? "Edit the work item" : "Add a work item"}
    >
      <div>
        <Label htmlFor={`${id}-category`} className="mb-1">
          Category
        </Label>
        <Select
          id={`${id}-category`}
          aria-invalid={errors.category ? true : undefined}
          aria-describedby={errors.category ? `${id}-category-error` : undefined}
          {...form.register("category", { required: "Choose a category." })}
        >
          <option value="">Choose a category…</option>
          {CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {CATEGORY_LABEL[category]}
            </option>
          ))}
        </Select>
        <FieldError id={`${id}-category-error`}>{errors.category?.message}</FieldError>
      </div>
      <div>
        <Label htmlFor={`${id}-description`} className="mb-1">
          Description
        </Label>
        <Input
          id={`${id}-description`}
          maxLength={1024}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? `${id}-description-error` : undefined}
          {...form.register("description")}
        />
        <FieldError id={`${id}-description-error`}>{errors.description?.message}</FieldError>
      </div>
      {estimateEditable ? (
        <fieldset className="flex min-w-0 flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-800">Estimate</legend>
          {lines.fields.map((field, index) => (
            <EstimateLineFields
              key={field.id}
              form={form}
              index={index}
              idPrefix={id}
              currency={currency}
              // A new item keeps a line to fill; an edited one may drop its estimate.
              onRemove={item || lines.fields.length > 1 ? () => lines.remove(index) : undefined}
            />
          ))}
          <FieldError id={`${id}-lines-error`}>
            {errors.lines?.root?.message ?? errors.lines?.message}
          </FieldError>
          <Button
            variant="secondary"
            size="sm"
            className="min-h-11 self-start"
            onClick={() => lines.append(NEW_LINE)}
          >
            Add a line
          </Button>
        </fieldset>
      ) : (
        <p className="text-sm text-slate-600">The estimate is fixed: it was decided on as it stands.</p>
      )}
      {errors.root?.server ? (
        <p role="alert" className="text-sm text-red-700">
          {errors.root.server.message}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" className="min-h-11" loading={isSubmitting}>
          {item ? "Save changes" : "Add work item"}
        </Button>
        <Button variant="ghost" className="min-h-11" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </HydratedForm>
  );
}
