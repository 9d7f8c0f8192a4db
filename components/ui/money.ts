// Money in a form: amounts typed in major units ("12.50") and stored in minor units (pence, cents), by the
// currency's own digits (2 for GBP, 0 for JPY); and minor units shown back as typed text. Formatted for
// reading: formatMinorUnits (lib/intl-formats.ts).
import { currencyDigits as digitsOf, numberFormat } from "@/lib/intl-formats";

const formatter = (currency: string) => numberFormat("en-GB", { style: "currency", currency });

/** "£" for GBP: the form's labels. */
export function currencySymbol(currency: string): string {
  return (
    formatter(currency)
      .formatToParts(0)
      .find((part) => part.type === "currency")?.value ?? currency
  );
}

/** A typed amount in major units ("12.50") in minor units, or undefined when it is not one. */
export function toMinor(typed: string, currency: string): number | undefined {
  const digits = digitsOf(currency);
  const trimmed = typed.trim().replace(/,/g, "");
  if (!new RegExp(`^\\d+(\\.\\d{0,${digits}})?$`).test(trimmed)) return undefined;
  return Math.round(Number(trimmed) * 10 ** digits);
}

/** Minor units as the form shows them to edit ("12.50"). */
export function toTyped(minor: number, currency: string): string {
  const digits = digitsOf(currency);
  return (minor / 10 ** digits).toFixed(digits);
}
