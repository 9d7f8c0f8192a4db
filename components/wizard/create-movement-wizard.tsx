"use client";
// The create wizard: one react-hook-form form across five steps, each validated with its own schema
// picked from the API's (lib/movement-requests/wizard/wizard-schema.ts). Continue checks the step on
// screen; errors appear inline and in a summary, and focus goes to the first one; a new step moves
// focus to its heading. The server action validates again with the API's schema and answers with the
// API's field paths, which are put back under their fields here.
import { unstable_rethrow } from "next/navigation";
import { useEffect, useRef, useState, useTransition } from "react";
import { FormProvider, useForm, useFormState, type Path } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { HydratedForm } from "@/components/ui/hydrated-form";
import type { FieldError } from "@/lib/errors/app-error";
import { wizardResolver } from "@/lib/movement-requests/wizard/step-resolver";
import type { WizardOptions } from "@/lib/movement-requests/wizard/wizard-options";
import {
  keysOfStep,
  stepOfPath,
  WIZARD_STEPS,
  type WizardInput,
  type WizardStep,
  type WizardValues,
} from "@/lib/movement-requests/wizard/wizard-schema";
import { ErrorSummary } from "./error-summary";
import { WizardOptionsProvider } from "./wizard-context";
import { errorsOfStep, FIELD_PATHS, isStepComplete } from "./wizard-errors";
import { focusField, focusFirstError } from "./wizard-focus";
import { WizardFooter } from "./wizard-footer";
import { WizardProgress } from "./wizard-progress";
import { StepBody, StepHeader } from "./wizard-step";

/** What the server action answers when it did not create the request (on success it redirects). */
export type WizardFailure = { ok: false; code: string; message: string; errors: FieldError[] };
export type CreateMovementAction = (values: WizardValues) => Promise<WizardFailure>;

type FocusTarget = "heading" | "error" | null;

export function CreateMovementWizard({
  options,
  createAction,
}: {
  options: WizardOptions;
  createAction: CreateMovementAction;
}) {
  const [step, setStep] = useState<WizardStep>("vehicle");
  const [furthest, setFurthest] = useState<WizardStep>("vehicle");
  const [showSummary, setShowSummary] = useState(false);
  const [failure, setFailure] = useState<{ title: string; message: string } | null>(null);
  const [focusRequest, setFocusRequest] = useState<{ target: FocusTarget; serial: number }>({
    target: null,
    serial: 0,
  });
  const [submitting, startSubmitting] = useTransition();
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const form = useForm<WizardInput, unknown, WizardValues>({
    resolver: wizardResolver,
    mode: "onTouched",
    reValidateMode: "onChange",
    shouldFocusError: false,
    defaultValues: {
      vehicle: {},
      readyWhen: "now",
      origin: { location: { type: "INTERNAL" } },
      destination: { location: { type: "INTERNAL" }, deliverOnSpecifiedDate: false },
      transportMethod: "DRIVEN",
      profileId: options.profiles[0]?.id,
      dispatchTo: "planningPool",
    },
  });
  const { errors } = useFormState({ control: form.control });
  const stepErrors = showSummary ? errorsOfStep(errors, step) : [];

  const requestFocus = (target: FocusTarget) =>
    setFocusRequest((previous) => ({ target, serial: previous.serial + 1 }));

  const goTo = (next: WizardStep, focus: FocusTarget = "heading") => {
    setStep(next);
    setFurthest((previous) =>
      WIZARD_STEPS.indexOf(next) > WIZARD_STEPS.indexOf(previous) ? next : previous,
    );
    requestFocus(focus);
  };

  // After a render that changed the step or the errors: move focus where the dispatcher needs it.
  useEffect(() => {
    if (focusRequest.target === "heading") headingRef.current?.focus();
    if (focusRequest.target === "error") focusFirstError(formRef.current, form.getFieldState);
  }, [focusRequest, form.getFieldState]);

  const validateStep = async (target: WizardStep) =>
    form.trigger(keysOfStep(target) as Path<WizardInput>[], { shouldFocus: false });

  const showErrors = () => {
    setShowSummary(true);
    requestFocus("error");
  };

  const forward = async (target: WizardStep) => {
    if (!(await validateStep(step))) return showErrors();
    // Steps between here and there must be complete too (after a "Change" from the review).
    const targetIndex = WIZARD_STEPS.indexOf(target);
    for (const between of WIZARD_STEPS.slice(WIZARD_STEPS.indexOf(step) + 1, targetIndex)) {
      if (!isStepComplete(between, form.getValues())) {
        goTo(between, "error");
        await validateStep(between);
        setShowSummary(true);
        return;
      }
    }
    setShowSummary(false);
    goTo(target);
  };

  const open = (target: WizardStep) => {
    if (WIZARD_STEPS.indexOf(target) > WIZARD_STEPS.indexOf(step)) return void forward(target);
    setShowSummary(false);
    goTo(target);
  };

  const applyFailure = (result: WizardFailure) => {
    const inline = result.errors.filter((error) => FIELD_PATHS.has(error.path));
    const elsewhere = result.errors.filter((error) => !FIELD_PATHS.has(error.path));
    for (const error of inline) {
      form.setError(error.path as Path<WizardInput>, { type: "server", message: error.message });
    }
    if (inline.length === 0) {
      setFailure({
        title: "The request was not created",
        message: [result.message, ...elsewhere.map((error) => `${error.path}: ${error.message}`)].join(" "),
      });
      requestFocus("heading");
      return;
    }
    setFailure(null);
    const first = WIZARD_STEPS.find((candidate) =>
      inline.some((error) => stepOfPath(error.path) === candidate),
    );
    goTo(first ?? "review", "error");
    setShowSummary(true);
  };

  const submit = form.handleSubmit(
    (values) => {
      setFailure(null);
      startSubmitting(async () => {
        try {
          applyFailure(await createAction(values));
        } catch (error) {
          unstable_rethrow(error); // the redirect to the board on success
          setFailure({
            title: "The request was not created",
            message: "The server could not be reached. Check your connection and try again.",
          });
          requestFocus("heading");
        }
      });
    },
    (invalid) => {
      // Something earlier changed since its step was checked: open the first step with an error.
      const first = WIZARD_STEPS.find((candidate) => errorsOfStep(invalid, candidate).length > 0) ?? "review";
      if (first !== step) goTo(first, "error");
      else requestFocus("error");
      setShowSummary(true);
    },
  );

  const index = WIZARD_STEPS.indexOf(step);
  const isLast = step === "review";

  return (
    <WizardOptionsProvider options={options}>
      <FormProvider {...form}>
        {/* Wide screens: the form keeps a readable width rather than stretching its lines and buttons. */}
        <div className="grid max-w-[88rem] gap-6 lg:grid-cols-[13rem_minmax(0,1fr)] 2xl:grid-cols-[15rem_minmax(0,1fr)]">
          <aside className="lg:sticky lg:top-20 lg:self-start">
            <WizardProgress current={step} furthest={furthest} onSelect={open} />
          </aside>
          <HydratedForm
            ref={formRef}
            noValidate
            aria-labelledby="wizard-step-heading"
            onSubmit={(event) => {
              // Enter in a field while the request is being created must not send it twice.
              if (isLast && !submitting) return void submit(event);
              event.preventDefault();
              if (isLast) return;
              void forward(WIZARD_STEPS[index + 1] ?? "review");
            }}
            className="min-w-0 rounded-lg border border-slate-200 bg-white shadow-sm"
          >
            <StepHeader step={step} headingRef={headingRef} />

            <div className="space-y-6 px-4 py-6 sm:px-6">
              {failure ? (
                <Alert tone="danger" title={failure.title}>
                  {failure.message}
                </Alert>
              ) : null}
              <ErrorSummary
                errors={stepErrors}
                title={
                  isLast || stepErrors.some((error) => error.server)
                    ? "The request was not created"
                    : undefined
                }
                onSelect={(path) => focusField(formRef.current, path)}
              />
              <StepBody step={step} onEdit={open} />
            </div>

            <WizardFooter
              step={step}
              furthest={furthest}
              submitting={submitting}
              onOpen={open}
              onReview={() => void forward("review")}
            />
          </HydratedForm>
        </div>
      </FormProvider>
    </WizardOptionsProvider>
  );
}
