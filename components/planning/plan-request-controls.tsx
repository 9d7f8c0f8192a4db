"use client";
// One request's controls in the review: move it to another driver or to its 3PL, lock its carrier for
// re-planning the rest. Each change answers the plan re-evaluated (its totals with it).
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/select";
import type { PlanCarrier } from "@/lib/planning/plan-carrier";

const THIRD_PARTY_OPTION = "3pl";

export function PlanRequestControls({
  vehicle,
  carrier,
  drivers,
  locked,
  disabled,
  onMove,
  onLock,
}: {
  vehicle: string;
  /** Where the plan has it now (null: unplanned). */
  carrier: PlanCarrier | null;
  drivers: { id: string; name: string }[];
  locked: boolean;
  disabled: boolean;
  onMove: (to: PlanCarrier) => void;
  onLock: (locked: boolean) => void;
}) {
  const current = carrier === null ? "" : "thirdParty" in carrier ? THIRD_PARTY_OPTION : carrier.driverId;
  return (
    <span className="flex flex-wrap items-center gap-2">
      <Select
        aria-label={`Move ${vehicle} to`}
        value={current}
        disabled={disabled || locked}
        className="w-44"
        onChange={(event) => {
          const value = event.target.value;
          if (value === current || value === "") return;
          onMove(value === THIRD_PARTY_OPTION ? { thirdParty: true } : { driverId: value });
        }}
      >
        {carrier === null ? <option value="">Unplanned</option> : null}
        {drivers.map((driver) => (
          <option key={driver.id} value={driver.id}>
            {driver.name}
          </option>
        ))}
        <option value={THIRD_PARTY_OPTION}>A 3PL</option>
      </Select>
      {carrier ? (
        <Button
          variant={locked ? "primary" : "secondary"}
          size="sm"
          aria-pressed={locked}
          aria-label={`Lock ${vehicle}`}
          disabled={disabled}
          onClick={() => onLock(!locked)}
        >
          {/* The same word pressed or not (its name must hold it); pressed shows a tick. */}
          {locked ? <span aria-hidden="true">✓ </span> : null}
          Lock
        </Button>
      ) : null}
    </span>
  );
}
