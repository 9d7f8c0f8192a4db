"use client";
// A work item's buttons: one per move its state allows (workItemTargets), approving and declining only
// for approvers. "Waiting parts" asks the date the parts are expected, "Finish" the actual cost; each
// asks in a small form under the buttons. A refused move says why, under them.
import { useId, useState } from "react";
import type { RunChange } from "@/components/kanban/work-items-section";
import { SendToSubletForm } from "@/components/kanban/send-to-sublet-form";
import { useSublet } from "@/components/kanban/sublet-context";
import { FinishForm, PartsDateForm } from "@/components/kanban/work-item-move-forms";
import { MOVE_LABEL } from "@/components/kanban/work-item-words";
import { Button } from "@/components/ui/button";
import type { WorkItemState } from "@/lib/generated/prisma/enums";
import type { ActionFailure } from "@/lib/http/action-result";
import type { TransitionWorkItemBody, WorkItemResponse } from "@/lib/recon/schemas";
import { requirementsOf, workItemActionBetween, workItemTargets } from "@/lib/recon/work-item-transitions";

const needsApproval = (from: WorkItemState, to: WorkItemState) => {
  const action = workItemActionBetween(from, to);
  return action !== undefined && requirementsOf(action).includes("approvalRight");
};

export function WorkItemMoves({
  item,
  canApprove,
  onMove,
}: {
  item: WorkItemResponse;
  canApprove: boolean;
  onMove: (body: TransitionWorkItemBody) => ReturnType<RunChange>;
}) {
  const [asking, setAsking] = useState<"WAITING_PARTS" | "DONE" | "WAITING_SUBLET" | null>(null);
  // "At sublet" asks for the vendor where the drawer has sublet actions (send-to-sublet-form.tsx).
  const sublet = useSublet();
  const asks = (to: WorkItemState): to is "WAITING_PARTS" | "DONE" | "WAITING_SUBLET" =>
    to === "WAITING_PARTS" || to === "DONE" || (to === "WAITING_SUBLET" && sublet !== null);
  const [pending, setPending] = useState<WorkItemState | null>(null);
  const [failure, setFailure] = useState<ActionFailure | null>(null);
  const errorId = useId();
  const targets = workItemTargets(item.state);
  const allowed = targets.filter((to) => canApprove || !needsApproval(item.state, to));

  async function move(body: Omit<TransitionWorkItemBody, "version">): Promise<ActionFailure | null> {
    setPending(body.to);
    const failed = await onMove({ ...body, version: item.version } as TransitionWorkItemBody);
    setPending(null);
    setFailure(failed);
    if (!failed) setAsking(null);
    return failed;
  }

  if (targets.length === 0) return null;
  return (
    <div className="mt-2">
      {allowed.length < targets.length ? (
        <p className="text-xs text-slate-600">An administrator or a recon manager approves or declines it.</p>
      ) : null}
      <div className="mt-1 flex flex-wrap gap-2">
        {allowed.map((to) => (
          <Button
            key={to}
            size="sm"
            variant={to === "DECLINED" ? "secondary" : asking === to ? "primary" : "secondary"}
            className={to === "DECLINED" ? "min-h-11 text-red-700" : "min-h-11"}
            loading={pending === to}
            disabled={pending !== null}
            aria-expanded={asks(to) ? asking === to : undefined}
            aria-describedby={failure && !asking ? errorId : undefined}
            onClick={() => (asks(to) ? setAsking(asking === to ? null : to) : void move({ to }))}
          >
            {MOVE_LABEL[to]}
          </Button>
        ))}
      </div>
      {asking === "WAITING_PARTS" ? (
        <PartsDateForm
          failure={failure}
          pending={pending !== null}
          onSubmit={(partsExpectedOn) => move({ to: "WAITING_PARTS", partsExpectedOn })}
        />
      ) : null}
      {asking === "DONE" ? (
        <FinishForm
          currency={item.currency}
          failure={failure}
          pending={pending !== null}
          onSubmit={(actual) => move({ to: "DONE", actual })}
        />
      ) : null}
      {asking === "WAITING_SUBLET" ? <SendToSubletForm item={item} onSent={() => setAsking(null)} /> : null}
      {failure && !asking ? (
        <p id={errorId} role="alert" className="mt-1.5 text-sm text-red-700">
          {failure.message}
        </p>
      ) : null}
    </div>
  );
}
