"use client";
// What a dispatcher can do with one request: only the actions the transition table allows from its
// status (availableActions), each a server action calling the same domain function as the API.
// Results are said in words next to the controls; errors are the domain's own messages.
import { Alert } from "@/components/ui/alert";
import type { BoardOptions } from "@/lib/movement-requests/board/board-options";
import type { BoardDetail } from "@/lib/movement-requests/board/get-board-detail";
import { offeredActions } from "@/lib/movement-requests/board/offered-actions";
import { type MovementRequestAction } from "@/lib/movement-requests/transitions";
import { TERMINAL_STATUSES } from "@/lib/schemas/movement-wire";
import { AssignForm } from "./assign-form";
import type { BoardActions } from "./board-actions";
import { AcceptControl, LegDateControl } from "./progress-controls";
import { AbortControl, CancelControl } from "./stop-controls";
import { useRunAction } from "./use-run-action";

export function DetailActions({
  detail,
  drivers,
  today,
  actions,
}: {
  detail: BoardDetail;
  drivers: BoardOptions["drivers"];
  today: string;
  actions: BoardActions;
}) {
  const { row } = detail;
  const offered = offeredActions(detail);
  const { pending, outcome, run } = useRunAction();
  const has = (action: MovementRequestAction) => offered.has(action);
  const canAssign = has("planWithDriver") || has("offerToDrivers") || has("sendToThirdPartyLogistics");

  const outcomeAlert = outcome ? (
    <Alert tone={outcome.tone} role={outcome.tone === "danger" ? "alert" : "status"}>
      {outcome.text}
    </Alert>
  ) : null;

  if (offered.size === 0) {
    return (
      <div className="space-y-3">
        {outcomeAlert}
        <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-600">
          {TERMINAL_STATUSES.includes(row.status)
            ? "This movement is finished: nothing more can be done with it."
            : "Nothing can be done with this movement in its current state."}
        </p>
      </div>
    );
  }
  return (
    <div className="space-y-3">
      {outcomeAlert}
      {/* The controls start afresh on every new version of the request; the outcome above stays. */}
      <div key={detail.version} className="space-y-3">
        {canAssign ? (
          <AssignForm
            key={`${row.id}-${row.status}`}
            detail={detail}
            drivers={drivers}
            allowed={{
              plan: has("planWithDriver"),
              offer: has("offerToDrivers"),
              send: has("sendToThirdPartyLogistics"),
            }}
            pending={pending}
            onSubmit={(body, message) => run(() => actions.assign(row.id, body), message)}
          />
        ) : null}
        <div className="flex flex-wrap items-end gap-2">
          {has("accept") ? (
            <AcceptControl
              detail={detail}
              drivers={drivers}
              pending={pending}
              onAccept={(body) => run(() => actions.accept(row.id, body), "Acceptance recorded.")}
            />
          ) : null}
          {has("collect") ? (
            <LegDateControl
              label="Mark collected"
              dateLabel="Collected on"
              today={today}
              pending={pending}
              onSubmit={(on) =>
                run(() => actions.collected(row.id, on ? { on } : undefined), "Collection recorded.")
              }
            />
          ) : null}
          {has("deliver") ? (
            <LegDateControl
              label="Mark delivered"
              dateLabel="Delivered on"
              today={today}
              pending={pending}
              onSubmit={(on) =>
                run(() => actions.delivered(row.id, on ? { on } : undefined), "Delivery recorded.")
              }
            />
          ) : null}
        </div>
        {has("abort") || has("cancel") ? (
          <div className="flex flex-wrap gap-2 border-t border-slate-200 pt-3">
            {has("abort") ? (
              <AbortControl
                pending={pending}
                onAbort={(body) => run(() => actions.abort(row.id, body), "The movement was aborted.")}
              />
            ) : null}
            {has("cancel") ? (
              <CancelControl
                pending={pending}
                onCancel={(reason) =>
                  run(
                    () => actions.cancel(row.id, reason ? { reason } : undefined),
                    "The movement was cancelled.",
                  )
                }
              />
            ) : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}
