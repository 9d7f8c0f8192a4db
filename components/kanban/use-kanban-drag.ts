"use client";
// Dragging cards: with the mouse, or from a card's handle with the keyboard (Space, arrow keys, Space;
// announced to screen readers). Only the moves the stage rules allow are highlighted and offered to
// the keyboard; a drop elsewhere is refused with a message. The move itself is useMoveCard's.
import {
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
} from "@dnd-kit/core";
import { useMemo, useRef, useState, type RefObject } from "react";
import type { Notice } from "@/components/kanban/kanban-notice";
import { refusal } from "@/components/kanban/move-messages";
import {
  findCard,
  parsePositionKey,
  positionKey,
  positionLabel,
  samePosition,
  vehicleName,
  type KanbanBoard,
  type KanbanCard,
} from "@/lib/prep-jobs/kanban/board";
import { manualTargets, type PrepJobPosition } from "@/lib/prep-job-stages/stage-rules";

export type ZoneState = "idle" | "origin" | "allowed" | "blocked";
export type DragData = { card: KanbanCard; origin: PrepJobPosition; targets: PrepJobPosition[] };

const ARROWS = ["ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"];

/** The drag in progress: the board holds it, so that live refetches wait while a card is in the air. */
export function useDragState() {
  return useState<DragData | null>(null);
}

export function useKanbanDrag(options: {
  board: KanbanBoard;
  drag: ReturnType<typeof useDragState>;
  move: (card: KanbanCard, to: PrepJobPosition) => Promise<void>;
  onNotice: (notice: Notice | null) => void;
}) {
  const { board, move, onNotice } = options;
  const [dragging, setDragging] = options.drag;
  /** The order the keyboard walks drop zones in: the board's, left to right, top to bottom. */
  const zoneOrder = useMemo(
    () =>
      board.columns.flatMap((column) =>
        column.groups.map((group) => positionKey({ stage: column.stage, substage: group.substage })),
      ),
    [board],
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
    onNotice(null);
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
    if (!drag.targets.some((target) => samePosition(target, to))) {
      onNotice({ kind: "error", text: refusal(vehicleName(drag.card), drag.origin, to, drag.targets) });
      return;
    }
    await move(drag.card, to);
  }

  function onDragCancel() {
    setDragging(null);
    keyboardZone.current = null;
  }

  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      const data = active.data.current as DragData | undefined;
      const card = data?.card ?? findCard(board, String(active.id));
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
      const card = findCard(board, String(active.id));
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
      const card = dragging?.card ?? findCard(board, String(active.id));
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
      const card = findCard(board, String(active.id));
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

  const contextProps = {
    sensors,
    collisionDetection,
    onDragStart,
    onDragEnd: (event: DragEndEvent) => void onDragEnd(event),
    onDragCancel,
    accessibility: {
      announcements,
      screenReaderInstructions: {
        draggable:
          "To move this prep job, press Space. Use the arrow keys to choose a stage it may move to, " +
          "Space again to drop it there, or Escape to cancel.",
      },
    },
  };
  return { dragging: dragging?.card ?? null, zoneState, contextProps };
}

/** Arrow keys jump between the drop zones the card may use (its own, then the allowed ones). */
function useKeyboardZones(
  current: RefObject<string | null>,
  zones: RefObject<string[]>,
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
