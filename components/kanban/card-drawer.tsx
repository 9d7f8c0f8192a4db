"use client";
// The card drawer: a tap or click on a card opens it (a modal dialog). It shows the vehicle, its stage
// and substage and its time in stage, the moves the stage rules allow now ("Move to…"), its work items
// (WorkItemsSection), the notes with a way to add one, and the vehicle's history, each movement linked
// to the board.
import { useQuery } from "@tanstack/react-query";
import { CardHistory } from "@/components/kanban/card-history";
import { CardNotes, type AddNoteAction } from "@/components/kanban/card-notes";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { ageingWords } from "@/components/kanban/kanban-card";
import { SubletProvider } from "@/components/kanban/sublet-context";
import { WorkItemsSection, type WorkItemActions } from "@/components/kanban/work-items-section";
import {
  positionLabel,
  stageLabel,
  substageLabel,
  vehicleName,
  type KanbanCard,
} from "@/lib/prep-jobs/kanban/board";
import type { ActionResult } from "@/lib/http/action-result";
import type { KanbanCardDetails } from "@/lib/prep-jobs/kanban/card-details";
import { manualTargets, type PrepJobPosition } from "@/lib/prep-job-stages/stage-rules";

export type LoadDetailsAction = (prepJobId: string) => Promise<ActionResult<KanbanCardDetails>>;

export function CardDrawer({
  card,
  onClose,
  onMove,
  loadDetails,
  addNote,
  workItems,
  canApprove,
}: {
  card: KanbanCard | null;
  onClose: () => void;
  /** Absent on a read-only board. */
  onMove?: (card: KanbanCard, to: PrepJobPosition) => void;
  loadDetails: LoadDetailsAction;
  addNote?: AddNoteAction;
  workItems?: WorkItemActions;
  canApprove: boolean;
}) {
  return (
    <Dialog
      open={card !== null}
      onClose={onClose}
      size="lg"
      title={card ? vehicleName(card) : ""}
      description={card ? positionLabel(card) : undefined}
    >
      {card ? (
        <DrawerBody
          card={card}
          onMove={onMove}
          loadDetails={loadDetails}
          addNote={addNote}
          workItems={workItems}
          canApprove={canApprove}
        />
      ) : null}
    </Dialog>
  );
}

function DrawerBody({
  card,
  onMove,
  loadDetails,
  addNote,
  workItems,
  canApprove,
}: {
  card: KanbanCard;
  onMove?: (card: KanbanCard, to: PrepJobPosition) => void;
  loadDetails: LoadDetailsAction;
  addNote?: AddNoteAction;
  workItems?: WorkItemActions;
  canApprove: boolean;
}) {
  const details = useQuery({
    queryKey: ["prep-job-card", card.id],
    queryFn: async () => {
      const result = await loadDetails(card.id);
      if (!result.ok) throw new Error(result.message);
      return result.data;
    },
  });
  const targets = manualTargets(card);
  const words = ageingWords(card);
  const vehicle = [card.make, card.model, card.modelVariant].filter(Boolean).join(" ");
  return (
    <div className="flex flex-col gap-5" data-testid="card-drawer">
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
        <dt className="text-slate-600">Registration</dt>
        <dd className="font-mono font-semibold">{card.vrm ?? "None"}</dd>
        <dt className="text-slate-600">VIN</dt>
        <dd className="font-mono break-all">{card.vin}</dd>
        <dt className="text-slate-600">Vehicle</dt>
        <dd>{vehicle || "Unknown"}</dd>
        <dt className="text-slate-600">Stage</dt>
        <dd>{stageLabel(card.stage)}</dd>
        <dt className="text-slate-600">Substage</dt>
        <dd>{substageLabel(card.substage)}</dd>
        <dt className="text-slate-600">Time in stage</dt>
        <dd data-testid="drawer-time-in-stage">
          {card.timeInStage.label}
          {words ? ` (${words})` : null}
          <span className="block text-xs text-slate-600">
            Since{" "}
            {new Date(card.stageChangedAt).toLocaleString("en-GB", {
              dateStyle: "medium",
              timeStyle: "short",
            })}
          </span>
        </dd>
      </dl>

      {onMove ? (
        <section aria-labelledby="drawer-moves">
          <h3 id="drawer-moves" className="text-sm font-semibold text-slate-900">
            Move to…
          </h3>
          {targets.length ? (
            <div className="mt-2 flex flex-wrap gap-2">
              {targets.map((to) => (
                <Button
                  key={positionLabel(to)}
                  variant="secondary"
                  className="min-h-11"
                  onClick={() => onMove(card, to)}
                >
                  Move to {positionLabel(to)}
                </Button>
              ))}
            </div>
          ) : (
            <p className="mt-1 text-sm text-slate-600">
              No move by hand from {positionLabel(card)}: it moves on when its movement does.
            </p>
          )}
        </section>
      ) : null}

      <SubletProvider prepJobId={card.id} actions={workItems?.sublet}>
        <WorkItemsSection
          prepJobId={card.id}
          recon={details.data?.recon}
          actions={workItems}
          canApprove={canApprove}
        />
      </SubletProvider>
      <CardNotes prepJobId={card.id} notes={details.data?.notes} addNote={addNote} />
      <CardHistory history={details.data?.history} failed={details.isError} />
    </div>
  );
}
