"use client";
// The draggable pieces of the board: a drop zone per substage group (highlighted while a card is in
// the air: allowed, blocked or its origin) and a card that drags by mouse or from its handle.
import { useDraggable, useDroppable } from "@dnd-kit/core";
import type { ReactNode } from "react";
import { cn, focusRing } from "@/components/ui/cn";
import { KanbanCardView } from "@/components/kanban/kanban-card";
import { GripIcon } from "@/components/kanban/kanban-icons";
import type { ZoneState } from "@/components/kanban/use-kanban-drag";
import { positionKey, positionLabel, vehicleName, type KanbanCard } from "@/lib/prep-jobs/kanban/board";
import type { PrepJobPosition } from "@/lib/prep-job-stages/stage-rules";

export function DropZone({
  position,
  state,
  fill,
  children,
}: {
  position: PrepJobPosition;
  state: ZoneState;
  fill: boolean;
  children: ReactNode;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: positionKey(position), data: { position } });
  return (
    <div
      ref={setNodeRef}
      data-zone={positionKey(position)}
      data-drop-state={state}
      className={cn(
        "rounded-lg transition-colors duration-100",
        fill && "flex-1",
        state !== "idle" && "-m-1 p-1 outline-2 outline-offset-0",
        state === "allowed" &&
          (isOver
            ? "bg-emerald-100 outline-emerald-600"
            : "bg-emerald-50 outline-emerald-400 outline-dashed"),
        state === "blocked" &&
          (isOver ? "bg-red-50 outline-red-400 outline-dashed" : "opacity-50 outline-transparent"),
        state === "origin" && "outline-transparent",
      )}
    >
      {children}
      {state === "allowed" ? (
        <p className="mt-1.5 text-center text-xs font-medium text-emerald-800">Drop here</p>
      ) : null}
    </div>
  );
}

export function DraggableCard({
  card,
  dimmed,
  onOpen,
}: {
  card: KanbanCard;
  dimmed: boolean;
  onOpen: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef } = useDraggable({
    id: card.id,
    data: { card },
  });
  return (
    <div
      ref={setNodeRef}
      {...listeners}
      className={cn("cursor-grab touch-none active:cursor-grabbing", dimmed && "opacity-40")}
      data-card-id={card.id}
      data-testid="kanban-card"
      onClick={onOpen}
    >
      <KanbanCardView
        card={card}
        onOpen={onOpen}
        handle={
          <button
            type="button"
            ref={setActivatorNodeRef}
            {...attributes}
            aria-label={`Move ${vehicleName(card)}, in ${positionLabel(card)}`}
            className={cn(
              "-mt-1.5 -mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-700",
              focusRing,
            )}
            onClick={(event) => event.stopPropagation()}
          >
            <GripIcon className="size-5" />
          </button>
        }
      />
    </div>
  );
}

export function HandleLook() {
  return (
    <span className="-mt-1.5 -mr-2 inline-flex size-11 shrink-0 items-center justify-center text-slate-600">
      <GripIcon className="size-5" />
    </span>
  );
}

/** A card on a read-only board: no drag, a tap or click opens its drawer. */
export function StaticCard({ card, onOpen }: { card: KanbanCard; onOpen: () => void }) {
  return (
    <div data-card-id={card.id} data-testid="kanban-card" className="cursor-pointer" onClick={onOpen}>
      <KanbanCardView card={card} onOpen={onOpen} />
    </div>
  );
}
