// A card's work items at a glance (issue 37 §2): done out of all, the estimate, and what holds them up
// ("Awaiting approval", "Waiting parts", "At sublet") in words and a colour of its own.
import { cn } from "@/components/ui/cn";
import type { ReconSummary } from "@/lib/recon/schemas";
import type { WaitingFor } from "@/lib/recon/work-item-transitions";
import { formatMinorUnits } from "@/lib/intl-formats";

export const WAITING_LABEL: Record<WaitingFor, string> = {
  APPROVAL: "Awaiting approval",
  PARTS: "Waiting parts",
  SUBLET: "At sublet",
};

const WAITING_STYLE: Record<WaitingFor, string> = {
  APPROVAL: "bg-amber-100 text-amber-900 ring-1 ring-amber-400",
  PARTS: "bg-violet-100 text-violet-900 ring-1 ring-violet-300",
  SUBLET: "bg-sky-100 text-sky-900 ring-1 ring-sky-300",
};

/** Whole units: a card has no room for pence. */
const money = (cents: number, currency: string) =>
  formatMinorUnits(cents, currency, { maximumFractionDigits: 0 });

export function ReconLine({ recon, size = "normal" }: { recon: ReconSummary; size?: "normal" | "large" }) {
  const large = size === "large";
  return (
    <p
      className={cn(
        "flex flex-wrap items-center gap-1.5 text-slate-700",
        large ? "mt-2 text-lg" : "mt-2 text-xs",
      )}
      data-testid="card-recon"
    >
      <span className="font-medium tabular-nums">
        {recon.done}/{recon.items} done
      </span>
      <span aria-hidden="true">·</span>
      <span className="tabular-nums">
        <span className="sr-only">estimate </span>
        {money(recon.estimatedCost, recon.currency)}
      </span>
      {recon.waitingFor ? (
        <span
          className={cn(
            "rounded-full font-semibold",
            WAITING_STYLE[recon.waitingFor],
            large ? "px-2.5 py-0.5" : "px-2 py-0.5",
          )}
          data-waiting={recon.waitingFor}
        >
          {WAITING_LABEL[recon.waitingFor]}
        </span>
      ) : null}
    </p>
  );
}
