"use client";
// The prep-job kanban for staff. On a desktop the four stages side by side; on a tablet two
// neighbouring stages (the chosen one and the next, so that every move the rules allow can be dragged)
// and on a phone one, chosen with the stage switcher. A card is dragged (mouse or keyboard, see
// useKanbanDrag) or moved with "Move to…" in its drawer, which a tap or click opens; both offer only
// the moves the stage rules allow, and both go through useMoveCard. Search and filters narrow the
// cards as you type; the server searches every job, including those the capped columns leave out.
import { DndContext, DragOverlay } from "@dnd-kit/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useDeferredValue, useMemo, useState, type ReactNode } from "react";
import { CardDrawer, type LoadDetailsAction } from "@/components/kanban/card-drawer";
import type { AddNoteAction } from "@/components/kanban/card-notes";
import { ConnectionBanner } from "@/components/kanban/connection-banner";
import { KanbanCardView } from "@/components/kanban/kanban-card";
import { KanbanColumns } from "@/components/kanban/kanban-columns";
import { DraggableCard, DropZone, HandleLook, StaticCard } from "@/components/kanban/kanban-drag-parts";
import { KanbanNotices, type Notice } from "@/components/kanban/kanban-notice";
import { KanbanToolbar, StageSwitcher } from "@/components/kanban/kanban-toolbar";
import { useDragState, useKanbanDrag } from "@/components/kanban/use-kanban-drag";
import { useLiveBoard, useNow } from "@/components/kanban/use-live-board";
import { useMoveCard, type MoveCardAction } from "@/components/kanban/use-move-card";
import type { WorkItemActions } from "@/components/kanban/work-items-section";
import type { PrepJobStage as Stage } from "@/lib/generated/prisma/enums";
import {
  findCard,
  refreshBoardClock,
  tabletWindow,
  type KanbanBoard as Board,
  type KanbanColumn,
  type KanbanGroup,
} from "@/lib/prep-jobs/kanban/board";
import { filterBoard, isFiltering, NO_FILTER } from "@/lib/prep-jobs/kanban/board-filter";

export type { MoveCardInput, MoveCardResult } from "@/components/kanban/use-move-card";

type Props = {
  initialBoard: Board;
  boardUrl: string;
  streamUrl: string;
  /** Prep staff and admins move cards and add notes; everyone else sees the board read-only. */
  moveCard?: MoveCardAction;
  addNote?: AddNoteAction;
  /** Prep staff, recon managers and admins manage work items; approvers also decide estimates. */
  workItems?: WorkItemActions;
  canApprove?: boolean;
  loadDetails: LoadDetailsAction;
};

export function KanbanBoard(props: Props) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { staleTime: 0 } } }));
  return (
    <QueryClientProvider client={queryClient}>
      <LiveKanbanBoard {...props} />
    </QueryClientProvider>
  );
}

function LiveKanbanBoard({
  initialBoard,
  boardUrl,
  streamUrl,
  moveCard,
  addNote,
  workItems,
  canApprove = false,
  loadDetails,
}: Props) {
  const [notice, setNotice] = useState<Notice | null>(null);
  const [filter, setFilter] = useState(NO_FILTER);
  const [stage, setStage] = useState<Stage>("INBOUND");
  const [openId, setOpenId] = useState<string | null>(null);
  const search = useDeferredValue(filter.search);
  const drag = useDragState();
  const [moving, setMoving] = useState(0);
  const { board, queryKey, connection } = useLiveBoard({
    boardUrl,
    streamUrl,
    initialBoard,
    search,
    holdRefetch: drag[0] !== null || moving > 0,
  });
  const now = useNow(initialBoard.now);
  const ticking = useMemo(() => refreshBoardClock(board, now), [board, now]);
  const shown = useMemo(() => filterBoard(ticking, filter), [ticking, filter]);
  const move = useMoveCard({ queryKey, moveCard, onNotice: setNotice, setMoving });
  const { dragging, zoneState, contextProps } = useKanbanDrag({
    board: shown,
    drag,
    move,
    onNotice: setNotice,
  });
  const openCard = openId ? (findCard(ticking, openId) ?? null) : null;
  const visible = { phone: stage, tablet: tabletWindow(stage) };

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
      <KanbanNotices notice={notice} onClose={() => setNotice(null)} />
      <KanbanToolbar filter={filter} onFilter={setFilter} />
      {isFiltering(filter) ? (
        <p className="text-sm text-slate-600" role="status" data-testid="kanban-matches">
          {shown.total} {shown.total === 1 ? "vehicle matches" : "vehicles match"}.
        </p>
      ) : null}
      <StageSwitcher board={shown} active={visible} onSelect={setStage} />
      <DndContext {...contextProps}>
        <KanbanColumns
          board={shown}
          visible={visible}
          showLimits={!isFiltering(filter)}
          renderGroup={renderGroup}
          renderCard={(card) =>
            moveCard ? (
              <DraggableCard
                card={card}
                dimmed={dragging?.id === card.id}
                onOpen={() => setOpenId(card.id)}
              />
            ) : (
              <StaticCard card={card} onOpen={() => setOpenId(card.id)} />
            )
          }
        />
        <DragOverlay dropAnimation={null}>
          {dragging ? (
            <KanbanCardView
              card={findCard(shown, dragging.id) ?? dragging}
              className="rotate-1 shadow-xl ring-2 ring-blue-500"
              handle={<HandleLook />}
            />
          ) : null}
        </DragOverlay>
      </DndContext>
      <CardDrawer
        card={openCard}
        onClose={() => setOpenId(null)}
        onMove={
          moveCard
            ? (card, to) => {
                setOpenId(null);
                setStage(to.stage);
                void move(card, to);
              }
            : undefined
        }
        loadDetails={loadDetails}
        addNote={addNote}
        workItems={workItems}
        canApprove={canApprove}
      />
    </div>
  );
}
