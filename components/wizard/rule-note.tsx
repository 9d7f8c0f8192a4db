// What the API will make of the values typed so far (a slot derived from a time, "ready now" at the
// site's clock). A polite live region: screen readers hear the outcome when it changes.
import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import { InfoIcon, WarningIcon } from "@/components/ui/icons";

export function RuleNote({
  title,
  tone = "info",
  testId,
  className,
  children,
}: {
  title: ReactNode;
  tone?: "info" | "warning";
  testId?: string;
  className?: string;
  children: ReactNode;
}) {
  const Icon = tone === "warning" ? WarningIcon : InfoIcon;
  return (
    <div
      aria-live="polite"
      data-testid={testId}
      className={cn(
        "flex max-w-3xl items-start gap-3 rounded-lg border px-4 py-3 text-sm",
        tone === "warning"
          ? "border-amber-300 bg-amber-50 text-amber-950"
          : "border-slate-200 bg-slate-50 text-slate-700",
        className,
      )}
    >
      <Icon
        className={cn("mt-0.5 size-4 shrink-0", tone === "warning" ? "text-amber-700" : "text-blue-700")}
      />
      <div className="min-w-0">
        <p className="font-semibold text-slate-900">{title}</p>
        <div className="mt-0.5">{children}</div>
      </div>
    </div>
  );
}
