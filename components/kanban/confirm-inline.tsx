"use client";
// Asks in place before a change that cannot be undone (declining a work item, or a whole estimate): a
// labelled group that says what will happen, with the confirming button and a way back. It takes the
// focus when it opens ("Keep" first, so Enter does not confirm by accident) and Escape goes back; the
// caller returns the focus to the button that opened it.
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";

export function ConfirmInline({
  title,
  children,
  confirmLabel,
  cancelLabel = "Keep it",
  pending,
  onConfirm,
  onCancel,
}: {
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => cancelRef.current?.focus(), []);
  return (
    <div
      role="group"
      aria-labelledby={`${id}-title`}
      aria-describedby={children ? `${id}-body` : undefined}
      className="mt-2 rounded-md bg-red-50 p-2.5 ring-1 ring-red-200"
      data-testid="confirm-inline"
      onKeyDown={(event: KeyboardEvent) => {
        if (event.key === "Escape" && !pending) {
          // Back out of the confirmation only, not the drawer around it.
          event.preventDefault();
          event.stopPropagation();
          onCancel();
        }
      }}
    >
      <p id={`${id}-title`} className="text-sm font-semibold text-red-900">
        {title}
      </p>
      {children ? (
        <div id={`${id}-body`} className="mt-0.5 text-sm text-red-900">
          {children}
        </div>
      ) : null}
      <div className="mt-2 flex flex-wrap gap-2">
        <Button
          ref={cancelRef}
          variant="secondary"
          className="min-h-11"
          disabled={pending}
          onClick={onCancel}
        >
          {cancelLabel}
        </Button>
        <Button variant="danger" className="min-h-11" loading={pending} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </div>
  );
}
