// While an endpoint's page loads: header, details strip and the attempt log's rows.
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";

export default function EndpointLoading() {
  return (
    <div aria-busy="true">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div className="space-y-2">
          <Skeleton className="h-4 w-48" />
          <Skeleton className="h-7 w-72" />
          <Skeleton className="h-4 w-96 max-w-full" />
        </div>
        <div className="flex gap-2">
          {Array.from({ length: 4 }, (_, button) => (
            <Skeleton key={button} className="h-8 w-28" />
          ))}
        </div>
      </div>
      <Skeleton className="mb-6 h-20 w-full" />
      <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <div className="space-y-3">
          {Array.from({ length: 8 }, (_, row) => (
            <Skeleton key={row} className="h-9 w-full" />
          ))}
        </div>
      </div>
      <div className="mt-4">
        <Spinner label="Loading the endpoint…" />
      </div>
    </div>
  );
}
