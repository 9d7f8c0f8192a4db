// While the Integrations page loads: its shape (two cards of rows), not a blank screen.
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";

export default function IntegrationsLoading() {
  return (
    <div aria-busy="true">
      <div className="mb-6 space-y-2">
        <Skeleton className="h-7 w-48" />
        <Skeleton className="h-4 w-[36rem] max-w-full" />
      </div>
      {["endpoints", "keys"].map((card) => (
        <div key={card} className="mb-6 rounded-lg border border-slate-200 bg-white shadow-sm">
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
            <div className="space-y-1.5">
              <Skeleton className="h-4 w-40" />
              <Skeleton className="h-4 w-80 max-w-full" />
            </div>
            <Skeleton className="h-8 w-32" />
          </div>
          <div className="space-y-3 p-4">
            {Array.from({ length: 3 }, (_, row) => (
              <Skeleton key={row} className="h-9 w-full" />
            ))}
          </div>
        </div>
      ))}
      <Spinner label="Loading integrations…" />
    </div>
  );
}
