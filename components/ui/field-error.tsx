import type { ReactNode } from "react";
import { cn } from "./cn";
import { ErrorIcon } from "./icons";

/**
 * A field's error, linked from its control: <Input aria-invalid aria-describedby="email-error" />
 * <FieldError id="email-error">…</FieldError>. Renders nothing without a message.
 */
export function FieldError({
  id,
  children,
  className,
}: {
  id: string;
  children?: ReactNode;
  className?: string;
}) {
  if (!children) return null;
  return (
    <p id={id} className={cn("mt-1.5 flex items-start gap-1.5 text-sm text-red-700", className)}>
      <ErrorIcon className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}

/** Help under a field, linked the same way (aria-describedby). */
export function FieldHint({
  id,
  children,
  className,
}: {
  id: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <p id={id} className={cn("mt-1.5 text-sm text-slate-600", className)}>
      {children}
    </p>
  );
}
