"use client";
// A radio (or checkbox) drawn as a card: the whole card is the label, so it is one click or one arrow
// key away; checked, focused and unavailable states are visible without relying on colour alone.
import { useId, type ComponentProps, type ReactNode } from "react";
import { cn } from "@/components/ui/cn";

export function ChoiceCard({
  title,
  description,
  aside,
  unavailable,
  className,
  inputProps,
  type = "radio",
}: {
  title: ReactNode;
  description?: ReactNode;
  /** Right-hand side: a price, a badge. */
  aside?: ReactNode;
  /** Why it cannot be chosen (the input is disabled and the reason is read with it). */
  unavailable?: ReactNode;
  className?: string;
  inputProps: ComponentProps<"input"> & { "data-field"?: string };
  type?: "radio" | "checkbox";
}) {
  const generatedId = useId();
  const titleId = `${generatedId}-title`;
  const descriptionId = `${generatedId}-description`;
  return (
    <label
      className={cn(
        "group relative flex cursor-pointer items-start gap-3 rounded-lg border bg-white p-3.5 transition-colors",
        "border-slate-300 hover:border-slate-400",
        "has-checked:border-blue-600 has-checked:bg-blue-50/60 has-checked:ring-1 has-checked:ring-blue-600",
        "has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-blue-600",
        "has-disabled:cursor-not-allowed has-disabled:border-dashed has-disabled:bg-slate-50 has-disabled:hover:border-slate-300",
        className,
      )}
    >
      <input
        {...inputProps}
        type={type}
        className="mt-0.5 size-4 shrink-0 accent-blue-600 focus:outline-none"
        aria-labelledby={titleId}
        aria-describedby={description || unavailable ? descriptionId : undefined}
        disabled={Boolean(unavailable) || inputProps.disabled}
      />
      <span className="min-w-0 flex-1">
        <span id={titleId} className="block text-sm font-medium text-slate-900">
          {title}
        </span>
        {description || unavailable ? (
          <span id={descriptionId} className="mt-0.5 block text-sm text-slate-600">
            {description}
            {unavailable ? <span className="block font-medium text-slate-700">{unavailable}</span> : null}
          </span>
        ) : null}
      </span>
      {aside ? <span className="shrink-0 text-right text-sm">{aside}</span> : null}
    </label>
  );
}
