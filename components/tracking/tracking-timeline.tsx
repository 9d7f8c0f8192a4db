// The movement's progress, from booking to delivery: each step done (with when, in the local time of
// the site it happened at), the current one, and those still to come. A cancelled movement ends there.
import { cn } from "@/components/ui/cn";
import { CUSTOMER_STATUS_LABEL } from "@/lib/movement-requests/customer-status";
import type { TrackingStep } from "@/lib/movement-requests/get-tracking-view";
import { formatTrackingInstant } from "@/lib/movement-requests/tracking-times";

const DOT = {
  done: "border-emerald-600 bg-emerald-600",
  current: "border-blue-700 bg-white ring-4 ring-blue-100",
  upcoming: "border-slate-300 bg-white",
} as const;

export function TrackingTimeline({ steps }: { steps: TrackingStep[] }) {
  return (
    <section aria-labelledby="progress-heading">
      <h2 id="progress-heading" className="text-lg font-semibold text-slate-900">
        Progress
      </h2>
      <ol className="mt-3">
        {steps.map((step, index) => (
          <li
            key={step.status}
            className="relative flex gap-3 pb-5 last:pb-0"
            aria-current={step.state === "current" ? "step" : undefined}
            data-state={step.state}
          >
            {index < steps.length - 1 ? (
              <span
                aria-hidden="true"
                className={cn(
                  "absolute top-5 left-[0.6875rem] h-[calc(100%-1.25rem)] w-0.5",
                  step.state === "done" ? "bg-emerald-600" : "bg-slate-200",
                )}
              />
            ) : null}
            <span
              aria-hidden="true"
              className={cn("mt-0.5 size-6 shrink-0 rounded-full border-2", DOT[step.state])}
            />
            <div className="min-w-0">
              <p
                className={cn("font-medium", step.state === "upcoming" ? "text-slate-600" : "text-slate-900")}
              >
                {CUSTOMER_STATUS_LABEL[step.status]}
                {step.state === "done" ? <span className="sr-only"> (done)</span> : null}
                {step.state === "upcoming" ? <span className="sr-only"> (to come)</span> : null}
              </p>
              {step.at ? (
                <p className="text-sm text-slate-600">
                  <time dateTime={step.at}>{formatTrackingInstant(step.at, step.timeZone)}</time>
                </p>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
