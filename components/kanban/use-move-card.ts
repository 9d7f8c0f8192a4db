"use client";
// One way to move a card, for the drag and for "Move to…": the card moves at once (optimistic), the
// server action records it through the stage rules, and a refusal rolls the board back with the reason.
import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import type { Dispatch, SetStateAction } from "react";
import type { Notice } from "@/components/kanban/kanban-notice";
import { serverRefusal } from "@/components/kanban/move-messages";
import {
  moveCardOnBoard,
  positionLabel,
  vehicleName,
  type KanbanBoard,
  type KanbanCard,
} from "@/lib/prep-jobs/kanban/board";
import type { PrepJobPosition } from "@/lib/prep-job-stages/stage-rules";

export type MoveCardInput = {
  id: string;
  stage: PrepJobPosition["stage"];
  substage: PrepJobPosition["substage"];
};
export type MoveCardResult = { ok: true } | { ok: false; code?: string; message: string };
export type MoveCardAction = (input: MoveCardInput) => Promise<MoveCardResult>;

export function useMoveCard(options: {
  queryKey: QueryKey;
  moveCard: MoveCardAction | undefined;
  onNotice: (notice: Notice) => void;
  /** Moves in flight (the board holds live refetches while there are any). */
  setMoving: Dispatch<SetStateAction<number>>;
}) {
  const { queryKey, moveCard, onNotice, setMoving } = options;
  const queryClient = useQueryClient();

  async function move(card: KanbanCard, to: PrepJobPosition) {
    if (!moveCard) return;
    const name = vehicleName(card);
    const from = { stage: card.stage, substage: card.substage };
    await queryClient.cancelQueries({ queryKey });
    const before = queryClient.getQueryData<KanbanBoard>(queryKey);
    if (before)
      queryClient.setQueryData<KanbanBoard>(queryKey, moveCardOnBoard(before, card.id, to, new Date()));
    setMoving((count) => count + 1);
    try {
      const result = await moveCard({ id: card.id, stage: to.stage, substage: to.substage });
      if (result.ok) {
        onNotice({ kind: "success", text: `Moved ${name} to ${positionLabel(to)}.` });
      } else {
        if (before) queryClient.setQueryData<KanbanBoard>(queryKey, before);
        onNotice({ kind: "error", text: serverRefusal(name, from, to, result) });
      }
    } catch {
      if (before) queryClient.setQueryData<KanbanBoard>(queryKey, before);
      onNotice({
        kind: "error",
        text: `${name} could not be moved: the service did not answer. It stays in ${positionLabel(from)}.`,
      });
    } finally {
      setMoving((count) => count - 1);
      void queryClient.invalidateQueries({ queryKey });
    }
  }

  return move;
}
