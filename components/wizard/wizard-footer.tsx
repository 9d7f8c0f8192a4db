"use client";
// The wizard's buttons: Back, "Back to review" (once the review was reached), and Continue to the next
// step or, on the review, Create.
import { Button } from "@/components/ui/button";
import { ArrowRightIcon } from "@/components/ui/icons";
import { STEP_TITLES, WIZARD_STEPS, type WizardStep } from "@/lib/movement-requests/wizard/wizard-schema";
import { keepFocus } from "./wizard-focus";

export function WizardFooter({
  step,
  furthest,
  submitting,
  onOpen,
  onReview,
}: {
  step: WizardStep;
  furthest: WizardStep;
  submitting: boolean;
  onOpen: (step: WizardStep) => void;
  onReview: () => void;
}) {
  const index = WIZARD_STEPS.indexOf(step);
  const isLast = step === "review";
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-b-lg border-t border-slate-200 bg-slate-50 px-4 py-4 sm:px-6">
      <div>
        {index > 0 ? (
          <Button
            variant="secondary"
            onClick={() => onOpen(WIZARD_STEPS[index - 1] ?? "vehicle")}
            disabled={submitting}
          >
            Back
          </Button>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        {!isLast && furthest === "review" ? (
          <Button variant="secondary" onMouseDown={keepFocus} onClick={onReview}>
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
  );
}
