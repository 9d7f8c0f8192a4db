import type { ComponentProps } from "react";
import { cn } from "./cn";

export function Label({
  className,
  optional = false,
  children,
  ...props
}: ComponentProps<"label"> & { optional?: boolean }) {
  return (
    <label className={cn("block text-sm font-medium text-slate-800", className)} {...props}>
      {children}
      {optional ? <span className="ml-1 font-normal text-slate-600">(optional)</span> : null}
    </label>
  );
}
