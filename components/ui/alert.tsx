import type { ReactNode } from "react";
import { cn } from "./cn";
import { CheckCircleIcon, ErrorIcon, InfoIcon, WarningIcon } from "./icons";

export type AlertTone = "info" | "success" | "warning" | "danger";

const TONES: Record<AlertTone, { box: string; icon: string; Icon: typeof InfoIcon }> = {
  info: { box: "border-blue-200 bg-blue-50 text-blue-900", icon: "text-blue-700", Icon: InfoIcon },
  success: {
    box: "border-emerald-200 bg-emerald-50 text-emerald-900",
    icon: "text-emerald-700",
    Icon: CheckCircleIcon,
  },
  warning: { box: "border-amber-300 bg-amber-50 text-amber-950", icon: "text-amber-700", Icon: WarningIcon },
  danger: { box: "border-red-200 bg-red-50 text-red-900", icon: "text-red-700", Icon: ErrorIcon },
};

/**
 * A message box (Banner when full-width). Danger alerts interrupt screen readers (role=alert); the
 * others are polite (role=status). Put buttons (retry, dismiss) in `actions`.
 */
export function Alert({
  tone = "info",
  title,
  children,
  actions,
  role,
  className,
}: {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  role?: "alert" | "status" | "none";
  className?: string;
}) {
  const { box, icon, Icon } = TONES[tone];
  const announced = role ?? (tone === "danger" ? "alert" : "status");
  return (
    <div
      role={announced === "none" ? undefined : announced}
      className={cn("flex items-start gap-3 rounded-lg border px-4 py-3 text-sm", box, className)}
    >
      <Icon className={cn("mt-0.5 size-4 shrink-0", icon)} />
      <div className="min-w-0 flex-1">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div className={cn(title ? "mt-0.5" : undefined)}>{children}</div> : null}
      </div>
      {actions ? <div className="flex shrink-0 items-center gap-2">{actions}</div> : null}
    </div>
  );
}
