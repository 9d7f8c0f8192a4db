// Prices a work item's estimate and actual cost: parts and sublet lines as given, labour hours at the
// prep site's labour rate (rounded to the minor unit), in the site's recon currency.
import { AppError, type FieldError } from "@/lib/errors/app-error";
import type { ReconSettings } from "@/lib/recon/recon-settings";
import type { ActualCostInput, EstimateLine, EstimateLineInput } from "@/lib/recon/schemas";

export function labourCents(hours: number, rateCents: number): number {
  return Math.round(hours * rateCents);
}

/** 400 when labour is estimated at a site without a labour rate. */
function labourRateOrThrow(settings: ReconSettings, path: string): number {
  if (settings.labourRateCents === null) {
    throw new AppError("VALIDATION_ERROR", "This prep site has no labour rate yet: an admin sets it first.", {
      errors: [{ path, message: "No labour rate at this prep site" }],
    });
  }
  return settings.labourRateCents;
}

export function priceEstimate(lines: readonly EstimateLineInput[], settings: ReconSettings): EstimateLine[] {
  return lines.map((line, index) => {
    if (line.kind !== "LABOUR")
      return { kind: line.kind, description: line.description, amountCents: line.amountCents ?? 0 };
    const hours = line.hours ?? 0;
    const rate = labourRateOrThrow(settings, `estimate.${index}.hours`);
    return { kind: line.kind, description: line.description, amountCents: labourCents(hours, rate), hours };
  });
}

export function totalCents(lines: readonly Pick<EstimateLine, "amountCents">[]): number {
  return lines.reduce((sum, line) => sum + line.amountCents, 0);
}

export function priceActualCost(actual: ActualCostInput, settings: ReconSettings): number {
  const labour =
    actual.hours > 0 ? labourCents(actual.hours, labourRateOrThrow(settings, "actual.hours")) : 0;
  return actual.partsCents + labour + actual.subletCents;
}

/** 400 when a currency other than the site's is asked for: a site estimates in one currency. */
export function assertSiteCurrency(requested: string | undefined, settings: ReconSettings): void {
  if (requested === undefined || requested === settings.currency) return;
  const errors: FieldError[] = [
    { path: "currency", message: `This prep site estimates in ${settings.currency}` },
  ];
  throw new AppError(
    "VALIDATION_ERROR",
    `This prep site estimates in ${settings.currency}, not ${requested}.`,
    {
      errors,
    },
  );
}
