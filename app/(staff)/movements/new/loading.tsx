// While the wizard's choices load: the shape of the wizard, not a blank page.
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";

export default function NewMovementRequestLoading() {
  return (
    <div aria-busy="true">
      <div className="mb-6 space-y-2">
        <Skeleton className="h-4 w-16" />
        <Skeleton className="h-7 w-72" />
        <Skeleton className="h-4 w-[32rem] max-w-full" />
      </div>
      <div className="grid max-w-[88rem] gap-6 lg:grid-cols-[13rem_minmax(0,1fr)] 2xl:grid-cols-[15rem_minmax(0,1fr)]">
        <div className="space-y-2">
          {Array.from({ length: 5 }, (_, step) => (
            <Skeleton key={step} className="h-9 w-full" />
          ))}
        </div>
        <div className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
          <Skeleton className="h-6 w-40" />
          <div className="mt-6 grid gap-4 md:grid-cols-2">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
          <div className="mt-6">
            <Spinner label="Loading the form…" />
          </div>
        </div>
      </div>
    </div>
  );
}
