// CSV that spreadsheets open safely: RFC 4180 quoting, and no cell a spreadsheet would run as a formula
// (OWASP "CSV injection": a leading = + - @, tab or carriage return is neutralised with a ').
import { numberFormat } from "@/lib/intl-formats";

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  // Numbers we write ourselves are never negative; anything else starting like a formula is text.
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: readonly (string | number | boolean | null | undefined)[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

/** Minor units as a decimal amount in the currency's own precision (GBP 2, JPY 0). */
export function decimalAmount(centAmount: number, currencyCode: string): string {
  const digits = currencyDigits(currencyCode);
  return (centAmount / 10 ** digits).toFixed(digits);
}

// Intl.NumberFormat is slow to build (an export of 50,000 rows built 100,000): one per currency.
const DIGITS = new Map<string, number>();

function currencyDigits(currencyCode: string): number {
  let digits = DIGITS.get(currencyCode);
  if (digits === undefined) {
    digits = 2;
    try {
      digits =
        numberFormat("en", { style: "currency", currency: currencyCode }).resolvedOptions()
          .maximumFractionDigits ?? 2;
    } catch {
      // An unknown code keeps two decimals.
    }
    if (DIGITS.size < 1000) DIGITS.set(currencyCode, digits);
  }
  return digits;
}
