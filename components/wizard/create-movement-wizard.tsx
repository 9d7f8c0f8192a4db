"use client";
// The create wizard: one react-hook-form form across five steps, each validated with its own schema
// picked from the API's (lib/movement-requests/wizard/wizard-schema.ts). Continue checks the step on
// screen; errors appear inline and in a summary, and focus goes to the first one; a new step moves
// focus to its heading. The server action validates again with the API's schema and answers with the
// API's field paths, which are put back under their fields here.
import { unstable_rethrow } from "next/navigation";
import { useEffect, useRef, useState, useTransition, type MouseEvent, type ReactNode } from "react";
import { FormProvider, useForm, useFormState, type FieldErrors, type Path } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ArrowRightIcon } from "@/components/ui/icons";
import type { FieldError } from "@/lib/errors/app-error";
import { wizardResolver } from "@/lib/movement-requests/wizard/step-resolver";
import type { WizardOptions } from "@/lib/movement-requests/wizard/wizard-options";
import {
  keysOfStep,
  STEP_TITLES,
  stepOfPath,
  stepSchemas,
  WIZARD_STEPS,
  type WizardInput,
  type WizardStep,
  type WizardValues,
} from "@/lib/movement-requests/wizard/wizard-schema";
import { DestinationStep } from "./destination-step";
import { DispatchStep } from "./dispatch-step";
import { ErrorSummary, type SummaryError } from "./error-summary";
import { fieldId } from "./field";
import { OriginStep } from "./origin-step";
import { ReviewStep } from "./review-step";
import { VehicleStep } from "./vehicle-step";
import { WizardOptionsProvider } from "./wizard-context";
import { WizardProgress } from "./wizard-progress";

/** What the server action answers when it did not create the request (on success it redirects). */
export type WizardFailure = { ok: false; code: string; message: string; errors: FieldError[] };
export type CreateMovementAction = (values: WizardValues) => Promise<WizardFailure>;

const STEP_INTRO: Record<WizardStep, string> = {
  vehicle: "Which vehicle is moving?",
  origin: "Where is it collected from, and when is it ready?",
  destination: "Where does it go, and by when?",
  dispatch: "How does it travel, and who takes the request?",
  review: "Check the request, add any notes, and create it.",
};

// Every path a control is registered under: where a server error can be shown inline.
const FIELD_PATHS = new Set([
  "vehicle.vin",
  "vehicle.vrm",
  "vehicle.make",
  "vehicle.model",
  "vehicle.modelVariant",
  "vehicle.externalVehicleId",
  "businessArea",
  "origin.location.siteId",
  "readyWhen",
  "origin.readyToCollectFromDate",
  "origin.readyToCollectFromTimeslot",
  "confirmedBy",
  "destination.location.siteId",
  "destination.deliveryByDate",
  "destination.deliveryByTime",
  "destination.deliveryByTimeslot",
  "transportMethod",
  "profileId",
  "dispatchTo",
  "thirdPartyLogisticsProviderId",
  "notes",
  "requestedBy",
  "externalId",
]);

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
          <form
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
            <div className="border-b border-slate-200 px-6 py-4">
              <p className="text-sm font-medium text-slate-600">
                Step {index + 1} of {WIZARD_STEPS.length}
              </p>
              <h2
                id="wizard-step-heading"
                ref={headingRef}
                tabIndex={-1}
                className="mt-0.5 text-lg font-semibold text-slate-900 outline-none"
              >
                {STEP_TITLES[step]}
              </h2>
              <p className="mt-0.5 text-sm text-slate-600">{STEP_INTRO[step]}</p>
            </div>

            <div className="space-y-6 px-6 py-6">
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

            <div className="flex flex-wrap items-center justify-between gap-3 rounded-b-lg border-t border-slate-200 bg-slate-50 px-6 py-4">
              <div>
                {index > 0 ? (
                  <Button
                    variant="secondary"
                    onClick={() => open(WIZARD_STEPS[index - 1] ?? "vehicle")}
                    disabled={submitting}
                  >
                    Back
                  </Button>
                ) : null}
              </div>
              <div className="flex flex-wrap items-center gap-3">
                {!isLast && furthest === "review" ? (
                  <Button variant="secondary" onMouseDown={keepFocus} onClick={() => void forward("review")}>
                    Back to review
                  </Button>
                ) : null}
                {isLast ? (
                  <Button type="submit" size="lg" loading={submitting} onMouseDown={keepFocus}>
                    {submitting ? "Creating the request…" : "Create movement request"}
                  </Button>
                ) : (
                  <Button type="submit" onMouseDown={keepFocus}>
                    Continue to {STEP_TITLES[WIZARD_STEPS[index + 1] ?? "review"].toLowerCase()}
                    <ArrowRightIcon />
                  </Button>
                )}
              </div>
            </div>
          </form>
        </div>
      </FormProvider>
    </WizardOptionsProvider>
  );
}

// A mouse press on Continue or Create leaves focus in the field: blurring it would show that field's
// error first, moving the button down under the pointer so that the click never lands. The click then
// checks the whole step anyway. (Keyboard users are unaffected: they focus the button with Tab.)
function keepFocus(event: MouseEvent) {
  event.preventDefault();
}

function StepBody({ step, onEdit }: { step: WizardStep; onEdit: (step: WizardStep) => void }): ReactNode {
  switch (step) {
    case "vehicle":
      return <VehicleStep />;
    case "origin":
      return <OriginStep />;
    case "destination":
      return <DestinationStep />;
    case "dispatch":
      return <DispatchStep />;
    case "review":
      return <ReviewStep onEdit={onEdit} />;
  }
}

/** A step's own schema, on the values as they are: is it complete (without showing anything)? */
function isStepComplete(step: WizardStep, values: WizardInput): boolean {
  const owned = Object.fromEntries(
    keysOfStep(step)
      .filter((key) => key in values)
      .map((key) => [key, values[key as keyof WizardInput]]),
  );
  return stepSchemas[step].safeParse(owned).success;
}

/** The errors shown on a step, in the order of FIELD_PATHS (the order of the fields on screen). */
function errorsOfStep(
  errors: FieldErrors<WizardInput>,
  step: WizardStep,
): (SummaryError & { server: boolean })[] {
  const flat = flattenErrors(errors);
  const order = [...FIELD_PATHS];
  return flat
    .filter((error) => stepOfPath(error.path) === step || (step === "review" && !FIELD_PATHS.has(error.path)))
    .sort((a, b) => rank(order, a.path) - rank(order, b.path));
}

function rank(order: string[], path: string): number {
  const position = order.indexOf(path);
  return position === -1 ? order.length : position;
}

function flattenErrors(errors: unknown, prefix = ""): (SummaryError & { server: boolean })[] {
  if (!errors || typeof errors !== "object") return [];
  const result: (SummaryError & { server: boolean })[] = [];
  const node = errors as { message?: unknown; type?: unknown };
  if (typeof node.message === "string" && prefix) {
    result.push({ path: prefix, message: node.message, server: node.type === "server" });
  }
  for (const [key, value] of Object.entries(errors)) {
    if (key === "ref" || key === "message" || key === "type" || key === "types" || key === "root") continue;
    result.push(...flattenErrors(value, prefix ? `${prefix}.${key}` : key));
  }
  return result;
}

function focusField(form: HTMLFormElement | null, path: string) {
  const target =
    form?.querySelector<HTMLElement>(`[data-field="${path}"]`) ?? document.getElementById(fieldId(path));
  target?.focus();
  target?.scrollIntoView({ block: "center" });
}

function focusFirstError(
  form: HTMLFormElement | null,
  getFieldState: (path: Path<WizardInput>) => { error?: unknown },
) {
  if (!form) return;
  for (const element of form.querySelectorAll<HTMLElement>("[data-field]")) {
    const path = element.dataset.field as Path<WizardInput>;
    if (getFieldState(path).error) {
      element.focus();
      return;
    }
  }
  form.querySelector<HTMLElement>("#wizard-error-summary-title")?.focus();
}
