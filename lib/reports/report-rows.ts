// The rows the charts show, shared by the roll-up queries (lib/reports/*.ts) and the direct ones over
// raw rows (test/report-oracles/, what the integration tests hold the roll-ups to).
import type { PrepJobStage } from "@/lib/generated/prisma/enums";
import type { Carrier } from "@/lib/reports/delivered-requests";

export const MAX_CARRIERS = 25;
export const MAX_LANES = 20;

export type OnTimeWeek = { week: string; delivered: number; onTime: number; rate: number };
export type OnTimeCarrier = { carrier: Carrier; delivered: number; onTime: number; rate: number };

export type PriceVarianceCarrier = {
  carrier: Carrier;
  currencyCode: string;
  priced: number;
  /** Final − estimate in percent of the estimate, rounded to one decimal. */
  medianPercent: number;
  p10Percent: number;
  p90Percent: number;
  /** Minor units. */
  meanVarianceCents: number;
  totalVarianceCents: number;
};

type SiteRef = { id: string; name: string; code: string };
export type Lane = {
  origin: SiteRef;
  destination: SiteRef;
  requests: number;
  delivered: number;
  calledOff: number;
};

export type StageTime = {
  site: { id: string; name: string; code: string; workingHours: boolean };
  stage: PrepJobStage;
  stays: number;
  medianHours: number;
  p90Hours: number;
};

export type FrontlineSite = {
  site: { id: string; name: string; code: string };
  jobs: number;
  medianDays: number;
  p90Days: number;
};

/** How far the delivery was from the arrival window given at collection (eta-accuracy.ts). */
export type EtaAccuracy = {
  measured: number;
  inWindowPercent: number;
  medianMinutes: number;
  p90Minutes: number;
};
export type EtaAccuracyLane = EtaAccuracy & { origin: SiteRef; destination: SiteRef };
export type EtaAccuracyCarrier = EtaAccuracy & { carrier: Carrier };

/** Counts from the database (int8 or numeric as text) with the on-time share, in percent to one decimal. */
export function rateRow<T>(key: T, counts: { delivered: string; onTime: string }) {
  const delivered = Number(counts.delivered);
  const onTime = Number(counts.onTime);
  return { ...key, delivered, onTime, rate: delivered ? Math.round((onTime / delivered) * 1000) / 10 : 0 };
}

export function oneDecimal(value: number | string | null): number {
  return Math.round(Number(value ?? 0) * 10) / 10;
}

/** Recon cost of the vehicles that reached the frontline, in one currency (minor units). */
export type ReconCost = {
  currencyCode: string;
  vehicles: number;
  items: number;
  done: number;
  /** The estimates of the items not declined. */
  estimatedCents: number;
  /** The items done: their estimate and their actual cost. */
  doneEstimatedCents: number;
  actualCents: number;
  actualPerVehicleCents: number;
  /** (actual − estimate) / estimate of the items done, in percent to one decimal. */
  differencePercent: number;
  /** The declined items' estimates in percent of all estimates. */
  declinedPercent: number;
};

/** What a vehicle's time from arrival to the frontline went on, in the order the chart stacks them. */
export const WAIT_CAUSES = ["approval", "parts", "sublet", "work", "idle"] as const;
export type WaitCause = (typeof WAIT_CAUSES)[number];

export type ReconWaiting = {
  site: { id: string; name: string; code: string; workingHours: boolean };
  vehicles: number;
  /** Mean hours per vehicle from arrival to the frontline, by cause. */
  hours: Record<WaitCause, number>;
};

export type ReconApprover = {
  approver: string;
  decisions: number;
  approvedPercent: number;
  medianHours: number;
  p90Hours: number;
};

/** One vehicle that reached the frontline: its cost and its hours by cause (two decimals). */
export type ReconVehicle = {
  prepJobId: string;
  /** Its registration, else its VIN. */
  vehicle: string;
  makeModel: string;
  siteName: string;
  /** ISO 8601: when it entered Outbound. */
  frontlineAt: string;
  /** The same, in words on the organisation's clock. */
  reachedFrontline: string;
  currencyCode: string;
  doneEstimatedCents: number;
  actualCents: number;
  workingHours: boolean;
  hours: Record<WaitCause, number>;
};
