// A leg as getMovementRequestOrThrow's query returns it (one jsonb object per leg, its driver and
// provider embedded) and back to the rows Prisma would return. JSON has no dates: timestamp(3) columns
// arrive as UTC wall-clock without a zone ("2026-11-22T10:00:00.123") and date columns as "2026-11-22".
import type { Driver, Movement, ThirdPartyLogisticsProvider } from "@/lib/generated/prisma/client";

export type MovementLeg = Movement & { driver: Driver | null; provider: ThirdPartyLogisticsProvider | null };

type DateColumn<T> = { [K in keyof T]-?: T[K] extends Date | null ? K : never }[keyof T];
type JsonRow<T> = {
  [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K];
};

export type MovementLegJson = JsonRow<Movement> & {
  driver: JsonRow<Driver> | null;
  provider: JsonRow<ThirdPartyLogisticsProvider> | null;
};

// Exhaustive by type: a new DateTime column fails to compile until it is listed here.
const MOVEMENT_DATES = {
  originScheduledOn: true,
  originPredictedOn: true,
  originActualOn: true,
  destinationScheduledOn: true,
  destinationPredictedOn: true,
  destinationActualOn: true,
  acceptedAt: true,
  createdAt: true,
  updatedAt: true,
} satisfies Record<DateColumn<Movement>, true>;
const DRIVER_DATES = { createdAt: true } satisfies Record<DateColumn<Driver>, true>;
const PROVIDER_DATES = { createdAt: true } satisfies Record<DateColumn<ThirdPartyLogisticsProvider>, true>;

export function legFromJson({ driver, provider, ...movement }: MovementLegJson): MovementLeg {
  return {
    ...withDates<Movement>(movement, MOVEMENT_DATES),
    driver: driver && withDates<Driver>(driver, DRIVER_DATES),
    provider: provider && withDates<ThirdPartyLogisticsProvider>(provider, PROVIDER_DATES),
  };
}

function withDates<T>(row: JsonRow<T>, dateColumns: Record<DateColumn<T>, true>): T {
  const revived: Record<string, unknown> = { ...row };
  for (const column of Object.keys(dateColumns)) {
    const value = revived[column];
    if (typeof value === "string") revived[column] = utcDateOf(value);
  }
  return revived as T;
}

function utcDateOf(text: string): Date {
  // A bare "YYYY-MM-DD" parses as UTC midnight; a date-time without a zone would parse as local time.
  return new Date(text.length === "YYYY-MM-DD".length ? text : `${text}Z`);
}
