"use client";
// A full-screen modal sheet for phones (the board's filters, a movement's details) on the native
// <dialog>: showModal() makes the page behind inert, traps focus and gives it back to the opener on
// close; Escape closes it. Its content is rendered only while open.
import { useEffect, useId, useRef, type ReactNode } from "react";
import { Button } from "./button";
import { CloseIcon } from "./icons";

export function Sheet({
  open,
  onClose,
  title,
  closeLabel = "Close",
  children,
  footer,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  closeLabel?: string;
  children: ReactNode;
  /** Sticks to the bottom, under the scrolling content (the sheet's main buttons). */
  footer?: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Escape: React state decides whether the sheet closes.
        event.preventDefault();
        onClose();
      }}
      className="fixed inset-0 m-0 h-dvh max-h-none w-full max-w-none bg-white p-0 text-slate-900 backdrop:bg-slate-900/50"
    >
      {open ? (
        <div className="flex h-full flex-col">
          <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-2">
            <h2 id={titleId} className="min-w-0 text-base font-semibold text-slate-900">
              {title}
            </h2>
            <Button variant="ghost" size="icon" className="-mr-2 size-11" onClick={onClose}>
              <CloseIcon className="size-5" />
              <span className="sr-only">{closeLabel}</span>
            </Button>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4">{children}</div>
          {footer ? (
            <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 bg-slate-50 px-4 py-3">
              {footer}
            </div>
          ) : null}
        </div>
      ) : null}
    </dialog>
  );
}
