"use client";
// A work item's buttons: one per move its state allows (workItemTargets), approving and declining only
// for approvers. "Waiting parts" asks the date the parts are expected, "Finish" the actual cost; each
// asks in a small form under the buttons; "Decline" asks to confirm (it closes the item for good). A
// refused move says why, under them.
import { useId, useRef, useState } from "react";
import { ConfirmInline } from "@/components/kanban/confirm-inline";
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

type Asked = "WAITING_PARTS" | "DONE" | "DECLINED" | "WAITING_SUBLET";
const asksFirst = (to: WorkItemState): to is "WAITING_PARTS" | "DONE" | "DECLINED" =>
  to === "WAITING_PARTS" || to === "DONE" || to === "DECLINED";

export function WorkItemMoves({
  item,
  canApprove,
  onMove,
}: {
  item: WorkItemResponse;
  canApprove: boolean;
  onMove: (body: TransitionWorkItemBody) => ReturnType<RunChange>;
}) {
  const [asking, setAsking] = useState<Asked | null>(null);
  // "At sublet" asks for the vendor where the drawer has sublet actions (send-to-sublet-form.tsx).
  const sublet = useSublet();
  const asks = (to: WorkItemState): to is Asked =>
    asksFirst(to) || (to === "WAITING_SUBLET" && sublet !== null);
  const [pending, setPending] = useState<WorkItemState | null>(null);
  const [failure, setFailure] = useState<ActionFailure | null>(null);
  const errorId = useId();
  // The button that opened a question, to return to when it is put away.
  const opener = useRef<HTMLButtonElement | null>(null);
  const targets = workItemTargets(item.state);
  const allowed = targets.filter((to) => canApprove || !needsApproval(item.state, to));

  async function move(body: Omit<TransitionWorkItemBody, "version">): Promise<ActionFailure | null> {
    setPending(body.to);
    const failed = await onMove({ ...body, version: item.version } as TransitionWorkItemBody);
    setPending(null);
    setFailure(failed);
    // A refused decline says why under the buttons, like the moves that ask nothing.
    if (!failed || body.to === "DECLINED") setAsking(null);
    return failed;
  }

  if (targets.length === 0) return null;
  return (
    // Its parts join the item's row of buttons (beside "Edit"); what a move asks takes the whole width.
    <div className="contents">
      {allowed.length < targets.length ? (
        <p className="mt-2 basis-full text-xs text-slate-600">
          An administrator or a recon manager approves or declines it.
        </p>
      ) : null}
      <div className="mt-2 flex min-w-0 flex-1 basis-56 flex-wrap gap-2">
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
            onClick={(event) => {
              if (!asks(to)) return void move({ to });
              opener.current = event.currentTarget;
              setAsking(asking === to ? null : to);
            }}
          >
            {MOVE_LABEL[to]}
          </Button>
        ))}
      </div>
      <div className="basis-full">
        {asking === "DECLINED" ? (
          <ConfirmInline
            title="Decline this item?"
            confirmLabel="Decline item"
            pending={pending !== null}
            onConfirm={() => void move({ to: "DECLINED" })}
            onCancel={() => {
              setAsking(null);
              requestAnimationFrame(() => opener.current?.focus());
            }}
          >
            It is closed for good: it cannot be approved or worked on later.
          </ConfirmInline>
        ) : null}
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
    </div>
  );
}
