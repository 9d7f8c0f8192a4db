"use client";
// A native checkbox that can also show "some selected" (indeterminate is a DOM property, not an attribute).
import { useEffect, useRef, type ComponentProps } from "react";
import { cn, focusRing } from "@/components/ui/cn";

export function Checkbox({
  indeterminate = false,
  className,
  ...props
}: Omit<ComponentProps<"input">, "type"> & { indeterminate?: boolean }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className={cn(
        "size-4 cursor-pointer rounded border-slate-400 accent-blue-600 disabled:cursor-not-allowed",
        focusRing,
        className,
      )}
      {...props}
    />
  );
}
