// One step of the wizard on screen: its header (step n of N, its title, which takes focus on arrival,
// and what it asks) and its fields.
import type { ReactNode, RefObject } from "react";
import { STEP_TITLES, WIZARD_STEPS, type WizardStep } from "@/lib/movement-requests/wizard/wizard-schema";
import { DestinationStep } from "./destination-step";
import { DispatchStep } from "./dispatch-step";
import { OriginStep } from "./origin-step";
import { ReviewStep } from "./review-step";
import { VehicleStep } from "./vehicle-step";

const STEP_INTRO: Record<WizardStep, string> = {
  vehicle: "Which vehicle is moving?",
  origin: "Where is it collected from, and when is it ready?",
  destination: "Where does it go, and by when?",
  dispatch: "How does it travel, and who takes the request?",
  review: "Check the request, add any notes, and create it.",
};

export function StepHeader({
  step,
  headingRef,
}: {
  step: WizardStep;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  return (
    <div className="border-b border-slate-200 px-4 py-4 sm:px-6">
      <p className="text-sm font-medium text-slate-600">
        Step {WIZARD_STEPS.indexOf(step) + 1} of {WIZARD_STEPS.length}
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
  );
}

export function StepBody({
  step,
  onEdit,
}: {
  step: WizardStep;
  onEdit: (step: WizardStep) => void;
}): ReactNode {
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
