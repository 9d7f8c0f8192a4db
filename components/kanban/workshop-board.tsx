"use client";
// The workshop screen: the prep site's board, read-only, in large type for a wall screen, live over
// the link's own stream. It needs no interaction: it reconnects by itself after a network blip (a
// discreet "reconnecting" in the corner meanwhile) and says so when its link has been revoked.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { cn } from "@/components/ui/cn";
import { KanbanCardView } from "@/components/kanban/kanban-card";
import { KanbanColumns } from "@/components/kanban/kanban-columns";
import { useLiveBoard, useNow } from "@/components/kanban/use-live-board";
import { refreshBoardClock, type KanbanBoard } from "@/lib/prep-jobs/kanban/board";

type Props = { initialBoard: KanbanBoard; boardUrl: string; streamUrl: string; maxCardsPerColumn?: number };

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

const TIME = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit" });
const DATE = new Intl.DateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "long" });

function LiveWorkshopBoard({ initialBoard, boardUrl, streamUrl, maxCardsPerColumn = 5 }: Props) {
  const { board, connection, gone } = useLiveBoard({ boardUrl, streamUrl, initialBoard });
  const now = useNow(initialBoard.now, 15_000);
  const shown = useMemo(() => refreshBoardClock(board, now), [board, now]);

  if (gone) {
    return (
      <main className="flex h-screen flex-col items-center justify-center gap-4 bg-slate-100 p-12 text-center">
        <h1 className="text-5xl font-semibold text-slate-900">This screen has been switched off</h1>
        <p className="max-w-3xl text-2xl text-slate-600">
          Its workshop-screen link was revoked or no longer exists. Ask an administrator for a new link.
        </p>
      </main>
    );
  }

  return (
    <main className="flex h-screen flex-col gap-5 overflow-hidden bg-slate-100 px-8 py-6">
      <header className="flex items-end justify-between gap-8">
        <div className="min-w-0">
          <p className="text-xl font-medium tracking-wide text-slate-600 uppercase">
            Prep jobs · {shown.site.code}
          </p>
          <h1 className="truncate text-5xl font-semibold tracking-tight text-slate-900">{shown.site.name}</h1>
        </div>
        <div className="flex items-end gap-8">
          <p className="text-2xl text-slate-600">
            <span className="font-semibold text-slate-900 tabular-nums">{shown.total}</span>{" "}
            {shown.total === 1 ? "vehicle" : "vehicles"}
          </p>
          <div className="text-right">
            <p className="text-5xl font-semibold text-slate-900 tabular-nums" suppressHydrationWarning>
              <time dateTime={now.toISOString()}>{TIME.format(now)}</time>
            </p>
            <p className="text-lg text-slate-600" suppressHydrationWarning>
              {DATE.format(now)}
            </p>
          </div>
        </div>
      </header>
      <div className="min-h-0 flex-1">
        <KanbanColumns
          board={shown}
          size="large"
          maxCardsPerColumn={maxCardsPerColumn}
          renderCard={(card) => <KanbanCardView card={card} thresholds={shown.thresholds} size="large" />}
        />
      </div>
      <footer className="flex items-center justify-between text-base text-slate-600">
        <p>
          Amber after {shown.thresholds.amberHours} h, red after {shown.thresholds.redHours} h in a stage.
        </p>
        <p role="status" className="flex items-center gap-2" data-testid="display-connection">
          <span
            aria-hidden="true"
            className={cn(
              "inline-block size-2.5 rounded-full",
              connection === "live" ? "bg-emerald-500" : "animate-pulse bg-amber-500",
            )}
          />
          {connection === "lost" ? "Reconnecting…" : connection === "live" ? "Live" : "Connecting…"}
        </p>
      </footer>
    </main>
  );
}
