// Targets from the issue, checked against the figures: printed with each run and kept in its JSON.
export type TargetCheck = {
  target: string;
  measured: string;
  met: boolean;
};

export function atLeast(target: string, measured: number, threshold: number, unit: string): TargetCheck {
  return { target, measured: `${format(measured)} ${unit}`, met: measured >= threshold };
}

export function atMost(target: string, measured: number, threshold: number, unit: string): TargetCheck {
  return { target, measured: `${format(measured)} ${unit}`, met: measured <= threshold };
}

export function targetRows(checks: TargetCheck[]) {
  return checks.map((check) => ({
    target: check.target,
    measured: check.measured,
    verdict: check.met ? "met" : "MISSED",
  }));
}

function format(value: number): string {
  return Math.abs(value) < 10 ? value.toFixed(2) : String(Math.round(value));
}
