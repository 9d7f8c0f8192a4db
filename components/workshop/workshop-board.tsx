"use client";
// The workshop screen: a prep site's board, read-only, dark, in type that grows with the screen (its
// root font size follows the viewport, app/globals.css), live over the link's own stream. Nobody
// touches it: it reconnects by itself, says across the screen when it has been offline for a while,
// and says so when its link has been revoked. Nothing on it ever scrolls (workshop-column).
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { cn } from "@/components/ui/cn";
import { useLiveBoard, useNow } from "@/components/kanban/use-live-board";
import { OfflineBanner } from "@/components/workshop/offline-banner";
import { AgeingShapeKey } from "@/components/workshop/workshop-card";
import { WorkshopColumn } from "@/components/workshop/workshop-column";
import { WorkshopHeader } from "@/components/workshop/workshop-header";
import { refreshBoardClock, type KanbanBoard } from "@/lib/prep-jobs/kanban/board";

type Props = { initialBoard: KanbanBoard; boardUrl: string; streamUrl: string };

export function WorkshopBoard(props: Props) {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        // A screen on the wall keeps retrying: it has nobody to press "retry".
        defaultOptions: {
          queries: { staleTime: 0, retryDelay: (attempt) => Math.min(1_000 * 2 ** attempt, 30_000) },
        },
      }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <LiveWorkshopBoard {...props} />
    </QueryClientProvider>
  );
}

function LiveWorkshopBoard({ initialBoard, boardUrl, streamUrl }: Props) {
  const { board, connection, gone } = useLiveBoard({ boardUrl, streamUrl, initialBoard });
  // Time in stage and ageing move on between refetches.
  const now = useNow(initialBoard.now, 15_000);
  const shown = useMemo(() => refreshBoardClock(board, now), [board, now]);

  if (gone) {
    return (
      <main
        className="flex h-screen flex-col items-center justify-center gap-4 bg-slate-950 p-12 text-center"
        data-workshop-screen
      >
        <h1 className="text-5xl font-semibold text-white">This screen has been switched off</h1>
        <p className="max-w-3xl text-2xl text-slate-300">
          Its workshop-screen link was revoked or no longer exists. Ask an administrator for a new link.
        </p>
      </main>
    );
  }

  return (
    <main
      className="flex h-screen flex-col gap-3 overflow-hidden bg-slate-950 px-6 py-4 text-slate-50"
      data-workshop-screen
    >
      <WorkshopHeader board={shown} dataFrom={board.now} />
      <div className="grid min-h-0 flex-1 grid-cols-4 grid-rows-1 gap-3">
        {shown.columns.map((column) => (
          <WorkshopColumn key={column.stage} column={column} />
        ))}
      </div>
      <footer className="flex shrink-0 items-center justify-between gap-6 text-base text-slate-300">
        <p>
          Edge colour: time in stage. Green on time, amber ageing <AgeingShapeKey level="amber" />, red
          overdue <AgeingShapeKey level="red" />.
          {shown.columns.some((column) => column.limit !== null) ? " Count / WIP limit." : null}
          {shown.settings.schedule ? " Time counts the site's opening hours only." : null}
        </p>
        <p role="status" className="flex items-center gap-2" data-testid="display-connection">
          <span
            aria-hidden="true"
            className={cn(
              "inline-block size-3 rounded-full",
              connection === "live" ? "bg-emerald-400" : "animate-pulse bg-amber-400",
            )}
          />
          {connection === "lost" ? "Reconnecting…" : connection === "live" ? "Live" : "Connecting…"}
        </p>
      </footer>
      <OfflineBanner connection={connection} dataFrom={board.now} initialNow={initialBoard.now} />
    </main>
  );
}
