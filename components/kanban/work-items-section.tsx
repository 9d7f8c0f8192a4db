"use client";
// The card drawer's work items (issue 37 §2): each item with its state, estimate and actual cost, the
// moves its state allows, the whole estimate's decision for approvers, and a form that adds one. After
// every change the drawer reads its details again; the board hears the change on its live stream.
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { SubletLinks } from "@/components/kanban/sublet-links";
import type { SubletActions } from "@/components/kanban/sublet-context";
import { WorkItemEntry } from "@/components/kanban/work-item-entry";
import { WorkItemForm } from "@/components/kanban/work-item-form";
import { formatMinor } from "@/components/ui/money";
import { Button } from "@/components/ui/button";
import type { ActionFailure, ActionResult } from "@/lib/http/action-result";
import type { KanbanCardRecon } from "@/lib/prep-jobs/kanban/card-details";
import type {
  CreateWorkItemBody,
  EstimateDecision,
  TransitionWorkItemBody,
  WorkItemResponse,
} from "@/lib/recon/schemas";
import { WORK_ITEM_TRANSITIONS } from "@/lib/recon/work-item-transitions";

/** The drawer's server actions for work items; absent on a read-only board. */
export type WorkItemActions = {
  add: (prepJobId: string, input: CreateWorkItemBody) => Promise<ActionResult<WorkItemResponse>>;
  move: (
    prepJobId: string,
    itemId: string,
    input: TransitionWorkItemBody,
  ) => Promise<ActionResult<WorkItemResponse>>;
  decide: (prepJobId: string, decision: EstimateDecision) => Promise<ActionResult<WorkItemResponse[]>>;
  /** Sublet vendors, their links and photos (sublet-context.tsx). */
  sublet?: SubletActions;
};

/** Runs one change; its failure, or null once done and the drawer is reading its details again. */
export type RunChange = <T>(work: () => Promise<ActionResult<T>>) => Promise<ActionFailure | null>;

const AWAITING = WORK_ITEM_TRANSITIONS.approve.from[0];
export const UNANSWERED: ActionFailure = {
  ok: false,
  message: "The change could not be saved: the service did not answer. Try again.",
};

export function WorkItemsSection({
  prepJobId,
  recon,
  actions,
  canApprove,
}: {
  prepJobId: string;
  recon: KanbanCardRecon | undefined;
  actions?: WorkItemActions;
  canApprove: boolean;
}) {
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [deciding, setDeciding] = useState(false);

  const run: RunChange = async (work) => {
    let result: ActionResult<unknown>;
    try {
      result = await work();
    } catch {
      result = UNANSWERED;
    }
    // A refused change may be a stale drawer (another tablet moved the item): read it again either way.
    await queryClient.invalidateQueries({ queryKey: ["prep-job-card", prepJobId] });
    return result.ok ? null : result;
  };

  async function decideAll(decision: EstimateDecision) {
    if (!actions) return;
    setDeciding(true);
    const failed = await run(() => actions.decide(prepJobId, decision));
    setDeciding(false);
    setFailure(failed?.message ?? null);
  }

  const items = recon?.items;
  const awaiting = items?.filter((item) => item.state === AWAITING) ?? [];
  const awaitingCents = awaiting.reduce((sum, item) => sum + item.estimatedCents, 0);
  return (
    <section aria-labelledby="drawer-work-items" data-testid="work-items">
      <h3 id="drawer-work-items" className="text-sm font-semibold text-slate-900">
        Work items
      </h3>
      {failure ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {failure}
        </p>
      ) : null}
      {items === undefined ? null : items.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">No work items yet.</p>
      ) : (
        <ul className="mt-2 flex flex-col gap-2">
          {items.map((item) => (
            <WorkItemEntry
              key={item.id}
              item={item}
              canApprove={canApprove}
              onMove={actions ? (body) => run(() => actions.move(prepJobId, item.id, body)) : undefined}
            />
          ))}
        </ul>
      )}
      <SubletLinks />
      {actions && canApprove && awaiting.length > 0 && recon ? (
        <div className="mt-3 flex flex-wrap items-center gap-2 rounded-lg bg-amber-50 p-3 ring-1 ring-amber-300">
          <p className="w-full text-sm text-amber-950">
            {awaiting.length === 1 ? "1 item awaits" : `${awaiting.length} items await`} approval:{" "}
            {formatMinor(awaitingCents, awaiting[0]?.currency ?? recon.currency)}.
          </p>
          <Button className="min-h-11" loading={deciding} onClick={() => void decideAll("APPROVED")}>
            Approve whole estimate
          </Button>
          <Button
            variant="secondary"
            className="min-h-11 text-red-700"
            disabled={deciding}
            onClick={() => void decideAll("DECLINED")}
          >
            Decline whole estimate
          </Button>
        </div>
      ) : null}
      {actions && recon ? (
        adding ? (
          <WorkItemForm
            currency={recon.currency}
            onCancel={() => setAdding(false)}
            onSubmit={async (body) => {
              const failed = await run(() => actions.add(prepJobId, body));
              if (!failed) setAdding(false);
              return failed;
            }}
          />
        ) : (
          <Button variant="secondary" className="mt-3 min-h-11" onClick={() => setAdding(true)}>
            Add a work item
          </Button>
        )
      ) : null}
    </section>
  );
}
