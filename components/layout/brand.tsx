import { cn } from "@/components/ui/cn";
import { LogoIcon } from "@/components/ui/icons";

/** The product mark and name. `inverse` on dark backgrounds. */
export function Brand({
  inverse = false,
  subtitle,
  className,
}: {
  inverse?: boolean;
  subtitle?: string;
  className?: string;
}) {
  return (
    <span className={cn("flex min-w-0 items-center gap-2.5", className)}>
      <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-blue-600 text-white shadow-sm">
        <LogoIcon className="size-5" />
      </span>
      <span className="min-w-0 leading-tight">
        <span
          className={cn("block truncate text-sm font-semibold", inverse ? "text-white" : "text-slate-900")}
        >
          Vehicle Movement Service
        </span>
        {subtitle ? (
          <span className={cn("block truncate text-xs", inverse ? "text-slate-400" : "text-slate-600")}>
            {subtitle}
          </span>
        ) : null}
      </span>
    </span>
  );
}
