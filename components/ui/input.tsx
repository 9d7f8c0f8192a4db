import type { ComponentProps } from "react";
import { cn } from "./cn";

/** Shared by Input, Select and Textarea: the same border, focus and invalid states. */
export const controlClasses = cn(
  "block w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm",
  "placeholder:text-slate-500 transition-colors hover:border-slate-400",
  "focus-visible:border-blue-600 focus-visible:outline-2 focus-visible:-outline-offset-1 focus-visible:outline-blue-600",
  "aria-[invalid=true]:border-red-600 aria-[invalid=true]:focus-visible:outline-red-600",
  "disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-600",
);

/** A text input; pair it with <Label htmlFor> and, when invalid, aria-invalid + aria-describedby. */
export function Input({ className, type = "text", ...props }: ComponentProps<"input">) {
  return (
    <input type={type} className={cn(controlClasses, "h-9 pointer-coarse:h-11", className)} {...props} />
  );
}

export function Textarea({ className, rows = 3, ...props }: ComponentProps<"textarea">) {
  return <textarea rows={rows} className={cn(controlClasses, "py-2", className)} {...props} />;
}
