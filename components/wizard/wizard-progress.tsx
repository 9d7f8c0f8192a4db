// The steps of the wizard as an ordered list: done, current (aria-current="step") and still to come.
// Steps already reached are buttons, so a dispatcher can go back (or forward again) with the keyboard.
import { cn, focusRing } from "@/components/ui/cn";
import { STEP_TITLES, WIZARD_STEPS, type WizardStep } from "@/lib/movement-requests/wizard/wizard-schema";

export function WizardProgress({
  current,
  furthest,
  onSelect,
}: {
  current: WizardStep;
  /** The furthest step reached: it and every step before it can be opened. */
  furthest: WizardStep;
  onSelect: (step: WizardStep) => void;
}) {
  const currentIndex = WIZARD_STEPS.indexOf(current);
  const furthestIndex = WIZARD_STEPS.indexOf(furthest);
  return (
    <nav aria-label="Steps">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-2 lg:flex-col lg:items-stretch lg:gap-1">
        {WIZARD_STEPS.map((step, index) => {
          const state = index === currentIndex ? "current" : index < currentIndex ? "done" : "todo";
          const reachable = index <= furthestIndex && index !== currentIndex;
          const content = (
            <>
              <span
                aria-hidden="true"
                className={cn(
                  "flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-semibold ring-1 ring-inset",
                  state === "current" && "bg-blue-600 text-white ring-blue-600",
                  state === "done" && "bg-blue-50 text-blue-800 ring-blue-300",
                  state === "todo" && "bg-white text-slate-600 ring-slate-300",
                )}
              >
                {state === "done" ? "✓" : index + 1}
              </span>
              <span className="min-w-0">
                <span className="block">{STEP_TITLES[step]}</span>
                <span className="sr-only">
                  {state === "done" ? " (completed)" : state === "todo" ? " (not started)" : ""}
                </span>
              </span>
            </>
          );
          const classes = cn(
            "flex w-full items-center gap-3 rounded-md px-2 py-1.5 text-left text-sm",
            state === "current" ? "font-semibold text-slate-900" : "text-slate-700",
          );
          return (
            <li key={step} aria-current={state === "current" ? "step" : undefined} className="lg:w-full">
              {reachable ? (
                <button
                  type="button"
                  onClick={() => onSelect(step)}
                  className={cn(classes, "hover:bg-slate-100", focusRing)}
                >
                  {content}
                </button>
              ) : (
                <span
                  className={cn(classes, state === "current" && "bg-white shadow-sm ring-1 ring-slate-200")}
                >
                  {content}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
