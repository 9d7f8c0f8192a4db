// Money as the API writes it (minor units and an ISO 4217 code), and how the product shows it.
import { formatMinorUnits } from "@/lib/intl-formats";

export type Money = { centAmount: number; currencyCode: string };

/** Money from its two columns; null when either is unset. */
export function money(cents: number | null, currency: string | null): Money | null {
  return cents !== null && currency ? { centAmount: cents, currencyCode: currency } : null;
}

/** "£1,234.50"; minor units by the currency's own digits (JPY has none), "—" for no money. */
export function formatMoney(amount: Money | null | undefined): string {
  if (!amount) return "—";
  try {
    return formatMinorUnits(amount.centAmount, amount.currencyCode);
  } catch {
    return `${(amount.centAmount / 100).toFixed(2)} ${amount.currencyCode}`;
  }
}

/** Final − estimate, and that as a share of the estimate; null unless both exist in one currency. */
export function priceVariance(
  estimate: Money | null | undefined,
  final: Money | null | undefined,
): { amount: Money; percent: number | null } | null {
  if (!estimate || !final || estimate.currencyCode !== final.currencyCode) return null;
  const centAmount = final.centAmount - estimate.centAmount;
  return {
    amount: { centAmount, currencyCode: final.currencyCode },
    percent: estimate.centAmount === 0 ? null : (centAmount / estimate.centAmount) * 100,
  };
}
