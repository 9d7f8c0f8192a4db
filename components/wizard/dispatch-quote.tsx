// How one dispatch choice of the wizard reads: what the 3PL carries (the chosen transport method
// highlighted) or what the planning pool does, and its estimated cost or why there is none.
import { Badge } from "@/components/ui/badge";
import type { TransportMethod } from "@/lib/generated/prisma/enums";
import { formatMoney } from "@/lib/movement-requests/money";
import type { DispatchQuote } from "@/lib/movement-requests/wizard/quote-dispatch-options";

export const TRANSPORT_METHOD_LABEL: Record<TransportMethod, string> = {
  DRIVEN: "Driven",
  TRANSPORTED: "Transported",
};

export function QuoteDescription({
  quote,
  transportMethod,
}: {
  quote: DispatchQuote;
  transportMethod: TransportMethod;
}) {
  if (quote.to === "planningPool") {
    return <>Planners assign one of your drivers or a logistics partner later.</>;
  }
  return (
    <span className="mt-1 flex flex-wrap items-center gap-1.5">
      <span className="sr-only">Carries:</span>
      {quote.transportMethods.map((method) => (
        <Badge key={method} tone={method === transportMethod ? "info" : "neutral"}>
          {TRANSPORT_METHOD_LABEL[method]}
        </Badge>
      ))}
    </span>
  );
}

export function QuotePrice({ quote }: { quote: DispatchQuote }) {
  if (quote.estimatedCost) {
    return (
      <span className="block" data-testid="estimated-cost">
        <span className="block text-base font-semibold text-slate-900 tabular-nums">
          {formatMoney(quote.estimatedCost)}
        </span>
        <span className="block text-xs text-slate-600">estimated</span>
      </span>
    );
  }
  if (quote.noEstimateReason === "cannotFulfil") return null;
  return (
    <span className="block" data-testid="estimated-cost">
      <span className="block font-medium text-slate-700">No estimate</span>
      <span className="block text-xs text-slate-600">
        {quote.noEstimateReason === "noRateCard" ? "no rate card for this method" : "choose both sites"}
      </span>
    </span>
  );
}
