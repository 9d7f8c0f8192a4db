// The board's first load: the shape of the toolbar and of a page of rows.
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";

export default function BoardLoading() {
  return (
    <div aria-busy="true">
      <div className="mb-4 flex items-end justify-between gap-6">
        <div className="space-y-2">
          <Skeleton className="h-7 w-56" />
          <Skeleton className="h-4 w-[28rem] max-w-full" />
        </div>
        <div className="flex gap-2">
          <Skeleton className="h-9 w-32" />
          <Skeleton className="h-9 w-32" />
        </div>
      </div>
      <div className="mb-3 flex flex-wrap gap-2">
        {["w-64", "w-48", "w-32", "w-36", "w-40", "w-40", "w-44"].map((width, index) => (
          <Skeleton key={index} className={`h-9 ${width}`} />
        ))}
      </div>
      <div className="overflow-hidden rounded-md border border-slate-200 bg-white">
        <Skeleton className="h-9 w-full rounded-none" />
        {Array.from({ length: 12 }, (_, row) => (
          <div key={row} className="flex gap-3 border-t border-slate-100 px-3 py-2.5">
            <Skeleton className="h-8 w-4" />
            <Skeleton className="h-8 flex-[2]" />
            <Skeleton className="h-8 flex-[2]" />
            <Skeleton className="h-8 flex-1" />
            <Skeleton className="h-8 flex-1" />
            <Skeleton className="h-8 flex-[1.5]" />
            <Skeleton className="h-8 flex-[1.5]" />
            <Skeleton className="h-8 flex-[1.5]" />
            <Skeleton className="h-8 flex-1" />
          </div>
        ))}
      </div>
      <div className="mt-3">
        <Spinner label="Loading the board…" />
      </div>
    </div>
  );
}
