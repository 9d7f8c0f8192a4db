"use client";
// The prep-job kanban for staff: drag a card with the mouse or, from its handle, with the keyboard
// (Space, arrow keys, Space; announced to screen readers). Only the moves the stage rules allow are
// highlighted and offered to the keyboard; a drop elsewhere is refused with a message. An allowed move
// shows at once (optimistic) and is rolled back with the server's reason when it is refused.
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
} from "@dnd-kit/core";
import { QueryClient, QueryClientProvider, useQueryClient } from "@tanstack/react-query";
import { useMemo, useRef, useState, type ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { cn, focusRing } from "@/components/ui/cn";
import { ConnectionBanner } from "@/components/kanban/connection-banner";
import { KanbanCardView } from "@/components/kanban/kanban-card";
import { KanbanColumns } from "@/components/kanban/kanban-columns";
import { GripIcon } from "@/components/kanban/kanban-icons";
import { useLiveBoard, useNow } from "@/components/kanban/use-live-board";
import {
  findCard,
  moveCardOnBoard,
  parsePositionKey,
  positionKey,
  positionLabel,
  refreshBoardClock,
  samePosition,
  vehicleName,
  type KanbanBoard as Board,
  type KanbanCard,
  type KanbanColumn,
  type KanbanGroup,
} from "@/lib/prep-jobs/kanban/board";
import { manualTargets, type PrepJobPosition } from "@/lib/prep-jobs/stage-rules";

export type MoveCardInput = {
  id: string;
  stage: PrepJobPosition["stage"];
  substage: PrepJobPosition["substage"];
};
export type MoveCardResult = { ok: true } | { ok: false; code?: string; message: string };

type Props = {
  initialBoard: Board;
  boardUrl: string;
  streamUrl: string;
  /** Prep staff and admins move cards; everyone else sees the board read-only. */
  moveCard?: (input: MoveCardInput) => Promise<MoveCardResult>;
};

export function KanbanBoard(props: Props) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { staleTime: 0 } } }));
  return (
    <QueryClientProvider client={queryClient}>
      <LiveKanbanBoard {...props} />
    </QueryClientProvider>
  );
}

type Notice = { kind: "success" | "error"; text: string };
type DragData = { card: KanbanCard; origin: PrepJobPosition; targets: PrepJobPosition[] };

const ARROWS = ["ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"];

function LiveKanbanBoard({ initialBoard, boardUrl, streamUrl, moveCard }: Props) {
  const queryClient = useQueryClient();
  const [dragging, setDragging] = useState<DragData | null>(null);
  const [moving, setMoving] = useState(0);
  const [notice, setNotice] = useState<Notice | null>(null);
  const { board, queryKey, connection } = useLiveBoard({
    boardUrl,
    streamUrl,
    initialBoard,
    holdRefetch: dragging !== null || moving > 0,
  });
  const now = useNow(initialBoard.now);
  const shown = useMemo(() => refreshBoardClock(board, now), [board, now]);

  /** The order the keyboard walks drop zones in: the board's, left to right, top to bottom. */
  const zoneOrder = useMemo(
    () =>
      shown.columns.flatMap((column) =>
        column.groups.map((group) => positionKey({ stage: column.stage, substage: group.substage })),
      ),
    [shown],
  );
  const keyboardZone = useRef<string | null>(null);
  const keyboardZones = useRef<string[]>([]);
  const announcedZone = useRef<string | null>(null);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: useKeyboardZones(keyboardZone, keyboardZones) }),
  );

  const collisionDetection: CollisionDetection = (args) => {
    // The keyboard moves between the zones it may use; the pointer is wherever it is.
    if (!args.pointerCoordinates) return keyboardZone.current ? [{ id: keyboardZone.current }] : [];
    const within = pointerWithin(args);
    return within.length ? within : rectIntersection(args);
  };

  function onDragStart(event: DragStartEvent) {
    const card = event.active.data.current?.card as KanbanCard | undefined;
    if (!card) return;
    const origin = { stage: card.stage, substage: card.substage };
    const targets = manualTargets(origin);
    setNotice(null);
    setDragging({ card, origin, targets });
    const allowedKeys = new Set([origin, ...targets].map(positionKey));
    keyboardZones.current = zoneOrder.filter((key) => allowedKeys.has(key));
    keyboardZone.current = positionKey(origin);
  }

  async function onDragEnd(event: DragEndEvent) {
    const drag = dragging;
    setDragging(null);
    keyboardZone.current = null;
    const to = event.over ? parsePositionKey(String(event.over.id)) : undefined;
    if (!drag || !to || samePosition(drag.origin, to)) return;
    const name = vehicleName(drag.card);
    if (!drag.targets.some((target) => samePosition(target, to))) {
      setNotice({ kind: "error", text: refusal(name, drag.origin, to, drag.targets) });
      return;
    }
    if (!moveCard) return;
    // Optimistic: the card moves now; the snapshot is the rollback.
    await queryClient.cancelQueries({ queryKey });
    const before = queryClient.getQueryData<Board>(queryKey);
    if (before)
      queryClient.setQueryData<Board>(queryKey, moveCardOnBoard(before, drag.card.id, to, new Date()));
    setMoving((count) => count + 1);
    try {
      const result = await moveCard({ id: drag.card.id, stage: to.stage, substage: to.substage });
      if (result.ok) {
        setNotice({ kind: "success", text: `Moved ${name} to ${positionLabel(to)}.` });
      } else {
        if (before) queryClient.setQueryData<Board>(queryKey, before);
        setNotice({ kind: "error", text: serverRefusal(name, drag.origin, to, result) });
      }
    } catch {
      if (before) queryClient.setQueryData<Board>(queryKey, before);
      setNotice({
        kind: "error",
        text: `${name} could not be moved: the service did not answer. It stays in ${positionLabel(drag.origin)}.`,
      });
    } finally {
      setMoving((count) => count - 1);
      void queryClient.invalidateQueries({ queryKey });
    }
  }

  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      const data = active.data.current as DragData | undefined;
      const card = data?.card ?? findCard(shown, String(active.id));
      if (!card) return undefined;
      const origin = { stage: card.stage, substage: card.substage };
      announcedZone.current = positionKey(origin);
      const targets = manualTargets(origin);
      return `Picked up ${vehicleName(card)} in ${positionLabel(origin)}. ${
        targets.length
          ? `It can move to ${targets.map(positionLabel).join(" or ")}.`
          : "It cannot move from here."
      }`;
    },
    onDragOver: ({ active, over }) => {
      const card = findCard(shown, String(active.id));
      const to = over ? parsePositionKey(String(over.id)) : undefined;
      // Picking a card up puts it over its own zone: "picked up" has said that already.
      const key = to ? positionKey(to) : null;
      if (key === announcedZone.current) return undefined;
      announcedZone.current = key;
      if (!card || !to) return card ? `${vehicleName(card)} is not over a column.` : undefined;
      const allowed = manualTargets(card).some((target) => samePosition(target, to));
      const here = samePosition(card, to);
      return `${vehicleName(card)} is over ${positionLabel(to)}${here ? ", where it is now" : allowed ? "" : ", not allowed"}.`;
    },
    onDragEnd: ({ active, over }) => {
      const card = dragging?.card ?? findCard(shown, String(active.id));
      const to = over ? parsePositionKey(String(over.id)) : undefined;
      if (!card) return undefined;
      const origin = { stage: card.stage, substage: card.substage };
      if (!to || samePosition(origin, to))
        return `${vehicleName(card)} was dropped back in ${positionLabel(origin)}.`;
      const allowed = manualTargets(origin).some((target) => samePosition(target, to));
      return allowed
        ? `${vehicleName(card)} was dropped in ${positionLabel(to)}.`
        : `${vehicleName(card)} cannot move to ${positionLabel(to)}. It stays in ${positionLabel(origin)}.`;
    },
    onDragCancel: ({ active }) => {
      const card = findCard(shown, String(active.id));
      return card
        ? `Move cancelled. ${vehicleName(card)} stays in ${positionLabel(card)}.`
        : "Move cancelled.";
    },
  };

  const zoneState = (position: PrepJobPosition): ZoneState => {
    if (!dragging) return "idle";
    if (samePosition(dragging.origin, position)) return "origin";
    return dragging.targets.some((target) => samePosition(target, position)) ? "allowed" : "blocked";
  };

  const renderGroup = (column: KanbanColumn, group: KanbanGroup, body: ReactNode) => {
    const position = { stage: column.stage, substage: group.substage };
    return (
      <DropZone position={position} state={zoneState(position)} fill={column.groups.length === 1}>
        {body}
      </DropZone>
    );
  };

  return (
    <div className="flex flex-col gap-3" data-testid="kanban-board" data-connection={connection}>
      <ConnectionBanner state={connection} />
      <div aria-live="polite" role="status" className="empty:hidden" data-testid="kanban-status">
        {notice?.kind === "success" ? <NoticeLine notice={notice} onClose={() => setNotice(null)} /> : null}
      </div>
      <div role="alert" className="empty:hidden" data-testid="kanban-alert">
        {notice?.kind === "error" ? <NoticeLine notice={notice} onClose={() => setNotice(null)} /> : null}
      </div>
      <DndContext
        sensors={sensors}
        collisionDetection={collisionDetection}
        onDragStart={onDragStart}
        onDragEnd={(event) => void onDragEnd(event)}
        onDragCancel={() => {
          setDragging(null);
          keyboardZone.current = null;
        }}
        accessibility={{
          announcements,
          screenReaderInstructions: {
            draggable:
              "To move this prep job, press Space. Use the arrow keys to choose a stage it may move to, " +
              "Space again to drop it there, or Escape to cancel.",
          },
        }}
      >
        <KanbanColumns
          board={shown}
          renderGroup={renderGroup}
          renderCard={(card) =>
            moveCard ? (
              <DraggableCard card={card} board={shown} dimmed={dragging?.card.id === card.id} />
            ) : (
              <KanbanCardView card={card} thresholds={shown.thresholds} />
            )
          }
        />
        <DragOverlay dropAnimation={null}>
          {dragging ? (
            <KanbanCardView
              card={findCard(shown, dragging.card.id) ?? dragging.card}
              thresholds={shown.thresholds}
              className="rotate-1 shadow-xl ring-2 ring-blue-500"
              handle={<HandleLook />}
            />
          ) : null}
        </DragOverlay>
      </DndContext>
    </div>
  );
}

/** Arrow keys jump between the drop zones the card may use (its own, then the allowed ones). */
function useKeyboardZones(
  current: React.RefObject<string | null>,
  zones: React.RefObject<string[]>,
): KeyboardCoordinateGetter {
  return (event, { context }) => {
    if (!ARROWS.includes(event.code)) return undefined;
    event.preventDefault();
    const order = zones.current;
    if (!order.length) return undefined;
    const index = Math.max(0, order.indexOf(current.current ?? ""));
    const step = event.code === "ArrowRight" || event.code === "ArrowDown" ? 1 : -1;
    const next = order[Math.min(order.length - 1, Math.max(0, index + step))]!;
    const rect = context.droppableRects.get(next);
    const dragged = context.collisionRect;
    // The zones are measured just after the pick-up: a key pressed before that does nothing (and must not
    // advance the zone, or the next press would skip one).
    if (!rect || !dragged) return undefined;
    current.current = next;
    return { x: rect.left + (rect.width - dragged.width) / 2, y: rect.top + 8 };
  };
}

type ZoneState = "idle" | "origin" | "allowed" | "blocked";

function DropZone({
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

function DraggableCard({ card, board, dimmed }: { card: KanbanCard; board: Board; dimmed: boolean }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef } = useDraggable({
    id: card.id,
    data: { card },
  });
  const name = vehicleName(card);
  return (
    <div
      ref={setNodeRef}
      {...listeners}
      className={cn("cursor-grab touch-none active:cursor-grabbing", dimmed && "opacity-40")}
      data-card-id={card.id}
      data-testid="kanban-card"
    >
      <KanbanCardView
        card={card}
        thresholds={board.thresholds}
        handle={
          <button
            type="button"
            ref={setActivatorNodeRef}
            {...attributes}
            aria-label={`Move ${name}, in ${positionLabel(card)}`}
            className={cn(
              "-mt-0.5 -mr-1 shrink-0 rounded-md p-1.5 text-slate-400 hover:bg-slate-100 hover:text-slate-700",
              focusRing,
            )}
          >
            <GripIcon className="size-5" />
          </button>
        }
      />
    </div>
  );
}

function HandleLook() {
  return (
    <span className="-mt-0.5 -mr-1 shrink-0 rounded-md p-1.5 text-slate-600">
      <GripIcon className="size-5" />
    </span>
  );
}

function NoticeLine({ notice, onClose }: { notice: Notice; onClose: () => void }) {
  // Inside a live region that is always there (role=status or alert), so the Alert itself is silent.
  return (
    <Alert
      tone={notice.kind === "error" ? "danger" : "success"}
      role="none"
      actions={
        <Button variant="ghost" size="sm" onClick={onClose}>
          Dismiss
        </Button>
      }
    >
      {notice.text}
    </Alert>
  );
}

function refusal(
  name: string,
  from: PrepJobPosition,
  to: PrepJobPosition,
  targets: PrepJobPosition[],
): string {
  const options = targets.length
    ? `From ${positionLabel(from)} it can move to ${targets.map(positionLabel).join(" or ")}.`
    : `Nothing moves it from ${positionLabel(from)} by hand: that happens when its movement does.`;
  return `${name} cannot move from ${positionLabel(from)} to ${positionLabel(to)}. ${options}`;
}

function serverRefusal(
  name: string,
  from: PrepJobPosition,
  to: PrepJobPosition,
  result: { code?: string; message: string },
): string {
  const stays = `It is back in ${positionLabel(from)}.`;
  if (result.code === "INVALID_STATUS_TRANSITION") {
    return `${name} could not move to ${positionLabel(to)}: it was changed elsewhere meanwhile. The board now shows where it is.`;
  }
  if (result.code === "PREP_JOB_NOT_FOUND") return `${name} is no longer on this board.`;
  return `${name} could not move to ${positionLabel(to)}: ${result.message} ${stays}`;
}
