import type { ReactNode } from "react";
import { cn } from "./cn";

/** Status colours: map a domain status to a tone where it is shown (e.g. DELIVERED → success). */
export type BadgeTone = "neutral" | "info" | "success" | "warning" | "danger" | "accent";

const TONES: Record<BadgeTone, { badge: string; dot: string }> = {
  neutral: { badge: "bg-slate-100 text-slate-700 ring-slate-300", dot: "bg-slate-500" },
  info: { badge: "bg-blue-50 text-blue-800 ring-blue-200", dot: "bg-blue-600" },
  success: { badge: "bg-emerald-50 text-emerald-800 ring-emerald-200", dot: "bg-emerald-600" },
  warning: { badge: "bg-amber-50 text-amber-900 ring-amber-300", dot: "bg-amber-500" },
  danger: { badge: "bg-red-50 text-red-800 ring-red-200", dot: "bg-red-600" },
  accent: { badge: "bg-violet-50 text-violet-800 ring-violet-200", dot: "bg-violet-600" },
};

export function Badge({
  tone = "neutral",
  dot = false,
  className,
  children,
}: {
  tone?: BadgeTone;
  /** A coloured dot before the text, for statuses in dense tables. */
  dot?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset",
        TONES[tone].badge,
        className,
      )}
    >
      {dot ? <span aria-hidden="true" className={cn("size-1.5 rounded-full", TONES[tone].dot)} /> : null}
      {children}
    </span>
  );
}
