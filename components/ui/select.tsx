import type { ComponentProps } from "react";
import { cn } from "./cn";
import { controlClasses } from "./input";

/** A native select (keyboard and screen-reader behaviour for free), styled like Input. */
export function Select({ className, children, ...props }: ComponentProps<"select">) {
  return (
    <div className={cn("relative", className)}>
      <select className={cn(controlClasses, "h-9 appearance-none pr-9 pointer-coarse:h-11")} {...props}>
        {children}
      </select>
      <svg
        viewBox="0 0 20 20"
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500"
      >
        <path d="m6 8 4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      </svg>
    </div>
  );
}
