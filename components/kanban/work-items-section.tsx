"use client";
// The card drawer's work items (issue 37 §2): each item with its state, estimate and actual cost, the
// moves its state allows and its edit, the whole estimate's decision for approvers, the inspection
// against the site's checklist, and a form that adds one. After every change the drawer reads its
// details again; the board hears the change on its live stream.
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { EstimateDecisionBar } from "@/components/kanban/estimate-decision-bar";
import { InspectionPanel } from "@/components/kanban/inspection-panel";
import type { SubletActions } from "@/components/kanban/sublet-context";
import { SubletLinks } from "@/components/kanban/sublet-links";
import { WorkItemEditor } from "@/components/kanban/work-item-editor";
import { WorkItemEntry } from "@/components/kanban/work-item-entry";
import { WorkItemForm } from "@/components/kanban/work-item-form";
import { Button } from "@/components/ui/button";
import type { ActionFailure, ActionResult } from "@/lib/http/action-result";
import type { KanbanCardRecon } from "@/lib/prep-jobs/kanban/card-details";
import type { InspectionInput } from "@/lib/recon/inspection-schemas";
import type { InspectionOutcome } from "@/lib/recon/record-inspection";
import type {
  CreateWorkItemBody,
  EstimateDecision,
  TransitionWorkItemBody,
  UpdateWorkItemBody,
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
  edit: (
    prepJobId: string,
    itemId: string,
    input: UpdateWorkItemBody,
  ) => Promise<ActionResult<WorkItemResponse>>;
  inspect: (prepJobId: string, input: InspectionInput) => Promise<ActionResult<InspectionOutcome>>;
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

  const items = recon?.items;
  const awaiting = items?.filter((item) => item.state === AWAITING) ?? [];
  return (
    <section aria-labelledby="drawer-work-items" data-testid="work-items">
      <h3 id="drawer-work-items" className="text-sm font-semibold text-slate-900">
        Work items
      </h3>
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
              editor={
                actions ? (
                  <WorkItemEditor
                    item={item}
                    onEdit={(body) => run(() => actions.edit(prepJobId, item.id, body))}
                  />
                ) : null
              }
            />
          ))}
        </ul>
      )}
      <SubletLinks />
      {actions && canApprove && awaiting.length > 0 && recon ? (
        <EstimateDecisionBar
          awaiting={awaiting}
          currency={recon.currency}
          onDecide={async (decision) =>
            (await run(() => actions.decide(prepJobId, decision)))?.message ?? null
          }
        />
      ) : null}
      {actions && recon ? (
        <InspectionPanel recon={recon} inspect={(input) => actions.inspect(prepJobId, input)} run={run} />
      ) : null}
      {actions && recon ? (
        adding ? (
          <WorkItemForm
            currency={recon.currency}
            onCancel={() => setAdding(false)}
            onSubmit={async (body) => {
              const failed = await run(() =>
                actions.add(prepJobId, { ...body, estimate: body.estimate ?? [] }),
              );
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
