import { cn } from "./cn";

/** A spinning ring. With a label it announces itself (role=status); without, it is decorative. */
export function Spinner({ label, className }: { label?: string; className?: string }) {
  const ring = (
    <svg viewBox="0 0 24 24" className={cn("size-4 animate-spin", className)} aria-hidden="true">
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path
        d="M21 12a9 9 0 0 0-9-9"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
      />
    </svg>
  );
  if (!label) return ring;
  return (
    <span role="status" className="inline-flex items-center gap-2 text-sm text-slate-600">
      {ring}
      <span>{label}</span>
    </span>
  );
}
