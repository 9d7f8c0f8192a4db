import { cn, focusRing } from "@/components/ui/cn";

/** A native checkbox, as the data tables draw theirs. */
export function checkboxClasses(className?: string): string {
  return cn("size-4 shrink-0 cursor-pointer rounded border-slate-400 accent-blue-600", focusRing, className);
}
