// The kanban's shape while it loads: a header and four columns of card placeholders.
import { Skeleton } from "@/components/ui/skeleton";

export default function PrepJobsLoading() {
  return (
    <div aria-busy="true" aria-label="Loading the prep-job board">
      <div className="mb-6 flex items-end justify-between gap-6">
        <div className="space-y-2">
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-7 w-48" />
          <Skeleton className="h-4 w-[28rem] max-w-full" />
        </div>
        <Skeleton className="h-9 w-72" />
      </div>
      <div className="grid grid-cols-4 gap-4">
        {[3, 2, 2, 3].map((cards, column) => (
          <div key={column} className="rounded-xl border border-slate-200 bg-slate-100/80 p-3">
            <div className="mb-3 flex items-center justify-between">
              <Skeleton className="h-5 w-24" />
              <Skeleton className="h-5 w-8 rounded-full" />
            </div>
            <div className="space-y-2">
              {Array.from({ length: cards }, (_, card) => (
                <Skeleton key={card} className="h-28 w-full rounded-lg bg-white" />
              ))}
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
