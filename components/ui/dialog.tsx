"use client";
// A modal dialog on the native <dialog> element: showModal() makes the rest of the page inert, traps
// focus and gives focus back to the opener on close. Escape and a click on the backdrop close it unless
// `dismissible` is false (a secret shown once must not vanish by accident: the reader closes it with a
// button). Its content is rendered only while open, so every opening starts fresh.
import { useEffect, useId, useRef, type ReactNode } from "react";
import { Button } from "./button";
import { cn } from "./cn";
import { CloseIcon } from "./icons";

export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  dismissible = true,
  role,
  size = "md",
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons, right-aligned under the content. */
  footer?: ReactNode;
  dismissible?: boolean;
  /** "alertdialog" for a confirmation of something destructive. */
  role?: "dialog" | "alertdialog";
  size?: "md" | "lg";
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      role={role === "alertdialog" ? "alertdialog" : undefined}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        // Escape: React state decides whether the dialog closes.
        event.preventDefault();
        if (dismissible) onClose();
      }}
      onClick={(event) => {
        // The dialog element itself is only hit outside the panel, i.e. on the backdrop.
        if (dismissible && event.target === event.currentTarget) onClose();
      }}
      className={cn(
        "m-auto w-[calc(100%-2rem)] rounded-lg border border-slate-200 bg-white p-0 text-slate-900 shadow-xl",
        "backdrop:bg-slate-900/50",
        size === "lg" ? "max-w-2xl" : "max-w-lg",
      )}
    >
      {open ? (
        <div className="flex max-h-[85vh] flex-col">
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
            <div className="min-w-0">
              <h2 id={titleId} className="text-base font-semibold text-slate-900">
                {title}
              </h2>
              {description ? (
                <div id={descriptionId} className="mt-1 text-sm text-slate-600">
                  {description}
                </div>
              ) : null}
            </div>
            {dismissible ? (
              <Button variant="ghost" size="icon" className="-mt-1 -mr-2 size-8" onClick={onClose}>
                <CloseIcon />
                <span className="sr-only">Close</span>
              </Button>
            ) : null}
          </div>
          {children ? <div className="min-h-0 overflow-y-auto px-5 py-4">{children}</div> : null}
          {footer ? (
            <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 bg-slate-50 px-5 py-3">
              {footer}
            </div>
          ) : null}
        </div>
      ) : null}
    </dialog>
  );
}
