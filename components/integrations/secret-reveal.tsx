"use client";
// A secret or key shown this once: a read-only field to select, a copy button, and the warning that it
// cannot be shown again. The page keeps it only in this component's memory.
import { useId, type ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { CopyButton } from "@/components/ui/copy-button";
import { controlClasses } from "@/components/ui/input";
import { cn } from "@/components/ui/cn";

export function SecretReveal({
  label,
  value,
  children,
  testId,
}: {
  /** What it is: "Signing secret", "API key". */
  label: string;
  value: string;
  /** Why it cannot be shown again, and what to do if it is lost. */
  children: ReactNode;
  testId?: string;
}) {
  const id = useId();
  return (
    <div className="space-y-3">
      <Alert tone="warning" title="Copy it now: you will not see it again">
        {children}
      </Alert>
      <div>
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">
          {label}
        </label>
        <div className="mt-1.5 flex items-center gap-2">
          <input
            id={id}
            readOnly
            value={value}
            data-testid={testId}
            spellCheck={false}
            autoComplete="off"
            onFocus={(event) => event.currentTarget.select()}
            className={cn(controlClasses, "h-9 min-w-0 flex-1 bg-slate-50 font-mono text-xs")}
          />
          <CopyButton value={value} accessibleLabel={`Copy the ${label.toLowerCase()}`} size="md" />
        </div>
      </div>
    </div>
  );
}
