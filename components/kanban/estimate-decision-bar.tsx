"use client";
// For approvers, under a vehicle's items awaiting approval: their total, "Approve whole estimate", and
// "Decline whole estimate", which asks first (declined items are closed for good).
import { useRef, useState } from "react";
import { ConfirmInline } from "@/components/kanban/confirm-inline";
import { formatMinorUnits } from "@/lib/intl-formats";
import { Button } from "@/components/ui/button";
import type { EstimateDecision, WorkItemResponse } from "@/lib/recon/schemas";

export function EstimateDecisionBar({
  awaiting,
  currency,
  onDecide,
}: {
  awaiting: WorkItemResponse[];
  currency: string;
  /** The failure's message, or null once decided. */
  onDecide: (decision: EstimateDecision) => Promise<string | null>;
}) {
  const [pending, setPending] = useState<EstimateDecision | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const declineButton = useRef<HTMLButtonElement>(null);
  const cents = awaiting.reduce((sum, item) => sum + item.estimatedCents, 0);
  const count = awaiting.length === 1 ? "1 item" : `${awaiting.length} items`;

  async function decide(decision: EstimateDecision) {
    setPending(decision);
    const failed = await onDecide(decision);
    setPending(null);
    setConfirming(false);
    setFailure(failed);
  }

  return (
    <div className="mt-3 flex flex-wrap items-center gap-2 rounded-lg bg-amber-50 p-3 ring-1 ring-amber-300">
      <p className="w-full text-sm text-amber-950">
        {awaiting.length === 1 ? "1 item awaits" : `${awaiting.length} items await`} approval:{" "}
        {formatMinorUnits(cents, awaiting[0]?.currency ?? currency)}.
      </p>
      <Button
        className="min-h-11"
        loading={pending === "APPROVED"}
        disabled={pending !== null}
        onClick={() => void decide("APPROVED")}
      >
        Approve whole estimate
      </Button>
      <Button
        ref={declineButton}
        variant="secondary"
        className="min-h-11 text-red-700"
        disabled={pending !== null || confirming}
        aria-expanded={confirming}
        onClick={() => setConfirming(true)}
      >
        Decline whole estimate
      </Button>
      {confirming ? (
        <div className="w-full">
          <ConfirmInline
            title={
              awaiting.length === 1
                ? "Decline the item awaiting approval?"
                : `Decline all ${count} awaiting approval?`
            }
            confirmLabel={`Decline ${count}`}
            cancelLabel="Keep them"
            pending={pending === "DECLINED"}
            onConfirm={() => void decide("DECLINED")}
            onCancel={() => {
              setConfirming(false);
              requestAnimationFrame(() => declineButton.current?.focus());
            }}
          >
            Declined items are closed: they cannot be approved or worked on later.
          </ConfirmInline>
        </div>
      ) : null}
      {failure ? (
        <p role="alert" className="w-full text-sm text-red-700">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
