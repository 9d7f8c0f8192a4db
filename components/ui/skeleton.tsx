import { cn } from "./cn";

/** A grey placeholder block while content loads; size it with className (h-4 w-32…). */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn("animate-pulse rounded-md bg-slate-200/80", className)} />;
}
