// Shown inside the shell while a staff page loads: the shape of a page, not a blank screen.
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";

export default function StaffLoading() {
  return (
    <div aria-busy="true">
      <div className="mb-6 flex items-end justify-between gap-6">
        <div className="space-y-2">
          <Skeleton className="h-7 w-56" />
          <Skeleton className="h-4 w-96 max-w-full" />
        </div>
        <Skeleton className="h-9 w-32" />
      </div>
      <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <div className="mb-4 flex gap-3">
          <Skeleton className="h-9 w-64" />
          <Skeleton className="h-9 w-40" />
          <Skeleton className="h-9 w-40" />
        </div>
        <div className="space-y-3">
          {Array.from({ length: 8 }, (_, row) => (
            <Skeleton key={row} className="h-10 w-full" />
          ))}
        </div>
      </div>
      <div className="mt-4">
        <Spinner label="Loading…" />
      </div>
    </div>
  );
}
