"use client";
// "Add a work item": its category, description and estimate lines (parts and sublet in the site's
// currency, labour in hours, which the site's labour rate prices). It is created PROPOSED. The server's
// schema judges it: each refused field shows the server's message under it.
import { useFieldArray, useForm } from "react-hook-form";
import { EstimateLineFields, type LineValues } from "@/components/kanban/estimate-line-fields";
import { CATEGORY_LABEL, toHours } from "@/components/kanban/work-item-words";
import { toMinor } from "@/components/ui/money";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import type { ReconCategory } from "@/lib/generated/prisma/enums";
import type { ActionFailure } from "@/lib/http/action-result";
import type { CreateWorkItemBody, EstimateLineInput } from "@/lib/recon/schemas";

export type WorkItemFormValues = { category: ReconCategory | ""; description: string; lines: LineValues[] };

const NEW_LINE: LineValues = { kind: "LABOUR", description: "", amount: "", hours: "" };
const CATEGORIES = Object.keys(CATEGORY_LABEL) as ReconCategory[];

/** The server's field paths ("estimate.0.amountCents") as the form's ("lines.0.amount"). */
function formPath(path: string): string {
  return path
    .replace(/^estimate\./, "lines.")
    .replace(/\.amountCents$/, ".amount")
    .replace(/^currency$/, "root.server");
}

export function WorkItemForm({
  currency,
  onSubmit,
  onCancel,
}: {
  currency: string;
  onSubmit: (body: CreateWorkItemBody) => Promise<ActionFailure | null>;
  onCancel: () => void;
}) {
  const form = useForm<WorkItemFormValues>({
    defaultValues: { category: "", description: "", lines: [NEW_LINE] },
  });
  const lines = useFieldArray({ control: form.control, name: "lines" });
  const { errors, isSubmitting } = form.formState;

  async function submit(values: WorkItemFormValues) {
    const estimate = values.lines.map((line, index): EstimateLineInput | null => {
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
    });
    if (!values.category || estimate.includes(null)) return;
    const failed = await onSubmit({
      category: values.category,
      description: values.description,
      estimate: estimate as EstimateLineInput[],
    });
    if (!failed) return;
    form.setError("root.server", { message: failed.message });
    for (const [path, message] of Object.entries(failed.fieldErrors ?? {})) {
      form.setError(formPath(path) as "root.server", { message });
    }
  }

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(submit)}
      className="mt-3 flex flex-col gap-3 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200"
      aria-label="Add a work item"
    >
      <div>
        <Label htmlFor="work-item-category" className="mb-1">
          Category
        </Label>
        <Select
          id="work-item-category"
          aria-invalid={errors.category ? true : undefined}
          aria-describedby={errors.category ? "work-item-category-error" : undefined}
          {...form.register("category", { required: "Choose a category." })}
        >
          <option value="">Choose a category…</option>
          {CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {CATEGORY_LABEL[category]}
            </option>
          ))}
        </Select>
        <FieldError id="work-item-category-error">{errors.category?.message}</FieldError>
      </div>
      <div>
        <Label htmlFor="work-item-description" className="mb-1">
          Description
        </Label>
        <Input
          id="work-item-description"
          maxLength={1024}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? "work-item-description-error" : undefined}
          {...form.register("description")}
        />
        <FieldError id="work-item-description-error">{errors.description?.message}</FieldError>
      </div>
      <fieldset className="flex min-w-0 flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-800">Estimate</legend>
        {lines.fields.map((field, index) => (
          <EstimateLineFields
            key={field.id}
            form={form}
            index={index}
            currency={currency}
            onRemove={lines.fields.length > 1 ? () => lines.remove(index) : undefined}
          />
        ))}
        <FieldError id="work-item-lines-error">
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
      {errors.root?.server ? (
        <p role="alert" className="text-sm text-red-700">
          {errors.root.server.message}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" className="min-h-11" loading={isSubmitting}>
          Add work item
        </Button>
        <Button variant="ghost" className="min-h-11" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
