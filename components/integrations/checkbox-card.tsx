import type { ComponentProps, ReactNode } from "react";
import { checkboxClasses } from "./checkbox-classes";

/** One choice of a multi-select as a bordered card: the checkbox, a title, and a line under it. */
export function CheckboxCard({
  title,
  detail,
  ...input
}: Omit<ComponentProps<"input">, "type" | "title"> & { title: ReactNode; detail: ReactNode }) {
  return (
    <label className="flex cursor-pointer items-start gap-2.5 rounded-md border border-slate-200 px-3 py-2 hover:bg-slate-50 has-[:checked]:border-blue-300 has-[:checked]:bg-blue-50/60">
      <input type="checkbox" className={checkboxClasses("mt-0.5")} {...input} />
      <span className="min-w-0">
        <span className="block text-sm font-medium text-slate-900">{title}</span>
        {detail}
      </span>
    </label>
  );
}
