// Intl formatters, built once per locale and options. Building one costs far more than formatting with
// it (a time zone's most): the board formats a few hundred dates and amounts per page, and building a
// formatter for each took about a sixth of its render. Pure and client-safe.

const MAX_FORMATTERS = 1_000;
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function memoised<Format>(cache: Map<string, Format>, key: string, build: () => Format): Format {
  let format = cache.get(key);
  if (format === undefined) {
    // The options come from a closed set (our call sites, the sites' zones, the currencies), so the
    // bound is a guard, not an eviction policy.
    if (cache.size >= MAX_FORMATTERS) cache.clear();
    format = build();
    cache.set(key, format);
  }
  return format;
}

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return memoised(
    dateTimeFormats,
    `${locale}|${JSON.stringify(options)}`,
    () => new Intl.DateTimeFormat(locale, options),
  );
}

export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return memoised(
    numberFormats,
    `${locale}|${JSON.stringify(options)}`,
    () => new Intl.NumberFormat(locale, options),
  );
}

/** The currency's minor-unit digits (2 for GBP, 0 for JPY). Throws on a code Intl does not know. */
export function currencyDigits(currency: string): number {
  return numberFormat("en-GB", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/**
 * An amount in minor units as the currency writes it ("£1,234.50" for 123450 GBP, "JP¥1,234" for 1234
 * JPY); `options` narrow the style (whole units: `{ maximumFractionDigits: 0 }`).
 */
export function formatMinorUnits(
  minor: number,
  currency: string,
  options: Intl.NumberFormatOptions = {},
): string {
  return numberFormat("en-GB", { style: "currency", currency, ...options }).format(
    minor / 10 ** currencyDigits(currency),
  );
}
