"use client";
// Asks before something that cannot be undone (revoke, delete, rotate): says what will happen, runs the
// action with a spinner, and shows its error in place. The confirm button is not the default focus, so
// Enter on an opened dialog does not confirm by accident.
import { useState, useTransition, type ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import type { ActionResult } from "@/lib/http/action-result";

export function ConfirmDialog<T>({
  open,
  onClose,
  title,
  children,
  confirmLabel,
  tone = "danger",
  action,
  onDone,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  confirmLabel: string;
  tone?: "danger" | "primary";
  action: () => Promise<ActionResult<T>>;
  /** After success; the dialog closes unless this returns false (to show a result instead). */
  onDone?: (data: T) => boolean | void;
}) {
  const [pending, startTransition] = useTransition();
  const [failure, setFailure] = useState<string | null>(null);

  function close() {
    if (pending) return;
    setFailure(null);
    onClose();
  }

  function confirm() {
    setFailure(null);
    startTransition(async () => {
      const result = await action();
      if (!result.ok) {
        setFailure(result.message);
        return;
      }
      if (onDone?.(result.data) !== false) onClose();
    });
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      role="alertdialog"
      title={title}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={pending} autoFocus>
            Cancel
          </Button>
          <Button variant={tone} onClick={confirm} loading={pending}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div className="space-y-3 text-sm text-slate-700">
        {children}
        {failure ? <Alert tone="danger">{failure}</Alert> : null}
      </div>
    </Dialog>
  );
}
