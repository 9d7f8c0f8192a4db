"use client";
// The inspection itself, in the drawer: the site's checks in order, each Pass or Fail (a pair of large
// radio buttons, for a gloved finger on a tablet), a note under a failed one, and a button that passes
// the checks left. Every check must be answered before it is recorded.
import { useRef, useState } from "react";
import { CATEGORY_LABEL } from "@/components/kanban/work-item-words";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { FieldError } from "@/components/ui/field-error";
import { HydratedForm } from "@/components/ui/hydrated-form";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import {
  INSPECTION_NOTE_MAX,
  type InspectionCheck,
  type InspectionInput,
} from "@/lib/recon/inspection-schemas";

type Answer = { passed: boolean | null; note: string };

export function InspectionForm({
  checks,
  onSubmit,
  onCancel,
}: {
  checks: InspectionCheck[];
  /** True once recorded. */
  onSubmit: (input: InspectionInput) => Promise<boolean>;
  onCancel: () => void;
}) {
  const [answers, setAnswers] = useState<Record<string, Answer>>(() =>
    Object.fromEntries(checks.map((check) => [check.id, { passed: null, note: "" }])),
  );
  const [missing, setMissing] = useState<Set<string>>(new Set());
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const set = (checkId: string, change: Partial<Answer>) => {
    setAnswers((now) => ({ ...now, [checkId]: { ...(now[checkId] as Answer), ...change } }));
    if (change.passed !== undefined) setMissing((now) => new Set([...now].filter((id) => id !== checkId)));
  };
  const unanswered = checks.filter((check) => answers[check.id]?.passed === null);
  const failedCount = checks.filter((check) => answers[check.id]?.passed === false).length;

  async function submit() {
    if (unanswered.length > 0) {
      setMissing(new Set(unanswered.map((check) => check.id)));
      setFailure(`Answer every check: ${unanswered.length} left.`);
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLInputElement>(`input[name="check-${unanswered[0]?.id}"]`)?.focus(),
      );
      return;
    }
    setFailure(null);
    setPending(true);
    const recorded = await onSubmit({
      results: checks.map((check) => {
        const answer = answers[check.id] as Answer;
        const note = answer.note.trim();
        return answer.passed
          ? { checkId: check.id, passed: true }
          : { checkId: check.id, passed: false, ...(note ? { note } : {}) };
      }),
    });
    if (!recorded) setPending(false);
  }

  return (
    <HydratedForm
      ref={formRef}
      noValidate
      aria-label="Inspection"
      className="flex flex-col gap-2 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <p className="text-sm text-slate-700">
        Pass or fail each check. A failed check proposes a work item; add a note to say what you found.
      </p>
      <ol className="flex flex-col gap-2">
        {checks.map((check, index) => {
          const answer = answers[check.id] as Answer;
          const name = `check-${check.id}`;
          const error = missing.has(check.id) ? "Pass or fail?" : undefined;
          return (
            <li key={check.id} data-testid="inspection-check">
              <fieldset
                className={cn(
                  "min-w-0 rounded-md bg-white p-2.5 ring-1",
                  answer.passed === false ? "ring-red-300" : "ring-slate-200",
                )}
                aria-describedby={error ? `${name}-error` : undefined}
              >
                <legend className="float-left w-full text-sm font-medium text-slate-900">
                  <span className="sr-only">Check {index + 1}: </span>
                  {check.label}
                  <span className="ml-2 text-xs font-normal text-slate-600">
                    {CATEGORY_LABEL[check.category]}
                  </span>
                </legend>
                <div className="clear-both flex gap-2 pt-2">
                  {([true, false] as const).map((passed) => (
                    <label
                      key={String(passed)}
                      className={cn(
                        // relative: the hidden radio sits in its label; placed by the dialog, its
                        // focus would scroll the dialog and hide the drawer's title.
                        "relative flex min-h-11 flex-1 cursor-pointer items-center justify-center rounded-md border text-sm font-semibold",
                        "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-blue-600",
                        answer.passed === passed
                          ? passed
                            ? "border-emerald-700 bg-emerald-700 text-white"
                            : "border-red-700 bg-red-700 text-white"
                          : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50",
                      )}
                    >
                      <input
                        type="radio"
                        name={name}
                        className="sr-only"
                        checked={answer.passed === passed}
                        onChange={() => set(check.id, { passed })}
                      />
                      {passed ? "Pass" : "Fail"}
                    </label>
                  ))}
                </div>
                <FieldError id={`${name}-error`}>{error}</FieldError>
                {answer.passed === false ? (
                  <div className="mt-2">
                    <Label htmlFor={`${name}-note`} className="mb-1 text-xs">
                      Note (optional)<span className="sr-only"> on {check.label}</span>
                    </Label>
                    <Input
                      id={`${name}-note`}
                      maxLength={INSPECTION_NOTE_MAX}
                      autoComplete="off"
                      value={answer.note}
                      onChange={(event) => set(check.id, { note: event.target.value })}
                    />
                  </div>
                ) : null}
              </fieldset>
            </li>
          );
        })}
      </ol>
      {unanswered.length > 0 ? (
        <Button
          variant="secondary"
          size="sm"
          className="min-h-11 self-start"
          onClick={() => {
            for (const check of unanswered) set(check.id, { passed: true });
            setFailure(null);
          }}
        >
          Pass the remaining {unanswered.length === 1 ? "check" : `${unanswered.length} checks`}
        </Button>
      ) : null}
      {failure ? (
        <p role="alert" className="text-sm text-red-700">
          {failure}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" className="min-h-11" loading={pending}>
          Record inspection{failedCount > 0 ? ` (${failedCount} failed)` : ""}
        </Button>
        <Button variant="ghost" className="min-h-11" disabled={pending} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </HydratedForm>
  );
}
