"use client";
// A prep site's inspection checklist (docs/recon.md, "The inspection checklist"): the checks staff go
// through when they inspect a vehicle, in order, each with the category of the work item its failure
// proposes. An admin adds, renames, reorders (buttons, so the keyboard can do it too) and removes checks,
// then saves the whole list; the server checks it with the one schema (inspectionChecklistInput) and a
// refused field shows its message under it. The server's page already holds every check's label and
// category (defaultValue), and the controls stay disabled until the form has hydrated (HydratedForm): the
// fields used to be empty until react-hook-form filled them in on hydration, so a label typed across that
// moment went on the end of the old one ("…every tyreTyre tread…"), and a tap on a button before it did
// nothing.
import { useId, useRef, useState, useTransition } from "react";
import { useFieldArray, useForm, useWatch } from "react-hook-form";
import { CATEGORY_LABEL } from "@/components/kanban/work-item-words";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { FieldError } from "@/components/ui/field-error";
import { HydratedForm } from "@/components/ui/hydrated-form";
import { ArrowRightIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import type { ReconCategory } from "@/lib/generated/prisma/enums";
import type { ActionResult } from "@/lib/http/action-result";
import { CHECK_LABEL_MAX, CHECKS_MAX, type InspectionCheck } from "@/lib/recon/inspection-schemas";

type FormValues = { checks: { label: string; category: ReconCategory }[] };
type Direction = "up" | "down";

const CATEGORIES = Object.keys(CATEGORY_LABEL) as ReconCategory[];
const toFormValues = (checks: InspectionCheck[]): FormValues => ({
  checks: checks.map(({ label, category }) => ({ label, category })),
});

export function InspectionChecklistForm({
  siteId,
  initial,
  save,
}: {
  siteId: string;
  initial: InspectionCheck[];
  save: (siteId: string, input: unknown) => Promise<ActionResult<InspectionCheck[]>>;
}) {
  const id = useId();
  const listRef = useRef<HTMLOListElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const [pending, startTransition] = useTransition();
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const form = useForm<FormValues>({ defaultValues: toFormValues(initial) });
  const checks = useFieldArray({ control: form.control, name: "checks" });
  const typed = useWatch({ control: form.control, name: "checks" });
  const { errors } = form.formState;
  const count = checks.fields.length;

  /** Focus a control of the row now at `index` once React has drawn it (a move or a removal). */
  function focusLater(selector: string) {
    requestAnimationFrame(() => listRef.current?.querySelector<HTMLElement>(selector)?.focus());
  }

  function move(index: number, direction: Direction) {
    const to = direction === "up" ? index - 1 : index + 1;
    checks.move(index, to);
    const label = form.getValues(`checks.${to}.label`) || "The check";
    setAnnouncement(`${label}: now ${to + 1} of ${count}.`);
    // Stay on the same button, or its twin when the row reached an end.
    const atEnd = (direction === "up" && to === 0) || (direction === "down" && to === count - 1);
    const button = atEnd ? (direction === "up" ? "down" : "up") : direction;
    focusLater(`[data-row="${to}"] [data-move="${button}"]`);
  }

  function remove(index: number) {
    const label = form.getValues(`checks.${index}.label`) || "The check";
    checks.remove(index);
    setAnnouncement(`${label}: removed. Save to keep the change.`);
    if (count > 1) focusLater(`[data-row="${Math.min(index, count - 2)}"] input`);
    else requestAnimationFrame(() => addButton.current?.focus());
  }

  const submit = form.handleSubmit((values) =>
    startTransition(async () => {
      const result = await save(siteId, values);
      form.clearErrors();
      if (result.ok) {
        form.reset(toFormValues(result.data));
        setOutcome({
          ok: true,
          message:
            result.data.length === 0
              ? "Saved: this site has no checklist now."
              : `Saved: ${result.data.length} checks. The next inspection at this site uses them.`,
        });
        return;
      }
      for (const [path, message] of Object.entries(result.fieldErrors ?? {})) {
        if (/^checks\.\d+\.(label|category)$/.test(path)) {
          form.setError(path as `checks.${number}.label`, { message });
        }
      }
      setOutcome({ ok: false, message: result.message });
    }),
  );

  return (
    <Card id="inspection-checklist" className="mt-6 max-w-4xl scroll-mt-4">
      <CardHeader
        title="Inspection checklist"
        description="What staff check when they inspect a vehicle at this site. Each failed check proposes a work item of its category."
      />
      <CardBody>
        <HydratedForm onSubmit={submit} noValidate aria-label="Inspection checklist" className="space-y-4">
          {count === 0 ? (
            <p className="text-sm text-slate-600">No checks yet: staff cannot inspect vehicles here.</p>
          ) : (
            <ol ref={listRef} className="flex flex-col gap-2" data-testid="checklist-checks">
              {checks.fields.map((field, index) => {
                const rowId = `${id}-check-${index}`;
                const rowErrors = errors.checks?.[index];
                const name = typed[index]?.label || `check ${index + 1}`;
                return (
                  <li
                    key={field.id}
                    data-row={index}
                    data-testid="checklist-check"
                    className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2 gap-y-2 rounded-md bg-slate-50 p-2 ring-1 ring-slate-200 sm:grid-cols-[auto_minmax(0,1fr)_11rem_auto] sm:items-start"
                  >
                    <span
                      className="w-7 pt-2 text-right text-sm font-semibold text-slate-600 tabular-nums"
                      aria-hidden
                    >
                      {index + 1}.
                    </span>
                    <div className="min-w-0">
                      <Label htmlFor={`${rowId}-label`} className="sr-only">
                        Check {index + 1}
                      </Label>
                      <Input
                        id={`${rowId}-label`}
                        maxLength={CHECK_LABEL_MAX}
                        autoComplete="off"
                        placeholder="e.g. Tyre tread at least 3 mm"
                        defaultValue={field.label}
                        aria-invalid={rowErrors?.label ? true : undefined}
                        aria-describedby={rowErrors?.label ? `${rowId}-label-error` : undefined}
                        {...form.register(`checks.${index}.label`)}
                      />
                      <FieldError id={`${rowId}-label-error`}>{rowErrors?.label?.message}</FieldError>
                    </div>
                    <div className="col-start-2 sm:col-start-auto">
                      <Label htmlFor={`${rowId}-category`} className="sr-only">
                        Check {index + 1} proposes
                      </Label>
                      <Select
                        id={`${rowId}-category`}
                        aria-invalid={rowErrors?.category ? true : undefined}
                        aria-describedby={rowErrors?.category ? `${rowId}-category-error` : undefined}
                        defaultValue={field.category}
                        {...form.register(`checks.${index}.category`)}
                      >
                        {CATEGORIES.map((category) => (
                          <option key={category} value={category}>
                            {CATEGORY_LABEL[category]}
                          </option>
                        ))}
                      </Select>
                      <FieldError id={`${rowId}-category-error`}>{rowErrors?.category?.message}</FieldError>
                    </div>
                    <div className="col-start-2 flex gap-1 sm:col-start-auto">
                      <Button
                        variant="secondary"
                        size="icon"
                        data-move="up"
                        disabled={index === 0}
                        aria-label={`Move “${name}” up`}
                        onClick={() => move(index, "up")}
                      >
                        <ArrowRightIcon className="size-4 -rotate-90" />
                      </Button>
                      <Button
                        variant="secondary"
                        size="icon"
                        data-move="down"
                        disabled={index === count - 1}
                        aria-label={`Move “${name}” down`}
                        onClick={() => move(index, "down")}
                      >
                        <ArrowRightIcon className="size-4 rotate-90" />
                      </Button>
                      <Button
                        variant="ghost"
                        size="sm"
                        className="text-red-700"
                        aria-label={`Remove “${name}”`}
                        onClick={() => remove(index)}
                      >
                        Remove
                      </Button>
                    </div>
                  </li>
                );
              })}
            </ol>
          )}
          <p aria-live="polite" className="sr-only">
            {announcement}
          </p>
          <Button
            ref={addButton}
            variant="secondary"
            disabled={count >= CHECKS_MAX}
            onClick={() => {
              checks.append({ label: "", category: "OTHER" }, { shouldFocus: true });
              setAnnouncement(`Check ${count + 1} added.`);
            }}
          >
            Add a check
          </Button>
          <div role="status" className="empty:hidden">
            {outcome ? <Alert tone={outcome.ok ? "success" : "danger"}>{outcome.message}</Alert> : null}
          </div>
          <Button type="submit" loading={pending}>
            Save checklist
          </Button>
        </HydratedForm>
      </CardBody>
    </Card>
  );
}
