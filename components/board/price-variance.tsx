// The final price against the estimate (issue 17): "+£12.40 (+4.1 %)", red over the estimate, green
// under it. Nothing when either is missing or they are in different currencies.
import { cn } from "@/components/ui/cn";
import { formatMoney, priceVariance, type Money } from "@/lib/movement-requests/money";

const percentFormat = new Intl.NumberFormat("en-GB", {
  maximumFractionDigits: 1,
  signDisplay: "exceptZero",
});

export function PriceVariance({
  estimate,
  final,
  className,
}: {
  estimate: Money | null;
  final: Money | null;
  className?: string;
}) {
  const variance = priceVariance(estimate, final);
  // On the estimate (an own driver's delivery is priced at it): nothing to say.
  if (!variance || variance.amount.centAmount === 0) return null;
  const { centAmount } = variance.amount;
  const sign = centAmount > 0 ? "+" : "−";
  const amount = formatMoney({ ...variance.amount, centAmount: Math.abs(centAmount) });
  return (
    <span
      data-testid="price-variance"
      title="Final price against the estimate"
      className={cn("text-xs tabular-nums", centAmount > 0 ? "text-red-700" : "text-emerald-700", className)}
    >
      <span className="sr-only">Against the estimate: </span>
      {sign}
      {amount}
      {variance.percent !== null && ` (${percentFormat.format(variance.percent)} %)`}
    </span>
  );
}
