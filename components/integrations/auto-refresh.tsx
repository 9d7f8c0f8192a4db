"use client";
// Keeps a server-rendered list fresh: refreshes the route every few seconds while on (and while the tab
// is visible), or on demand. Refreshing re-renders the server components only: open dialogs, typed text
// and a secret on screen are kept.
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useId, useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { RefreshIcon } from "@/components/ui/icons";
import { checkboxClasses } from "./checkbox-classes";

const CLOCK = new Intl.DateTimeFormat("en-GB", { timeStyle: "medium" });

export function AutoRefresh({
  intervalMs = 5000,
  available = true,
}: {
  intervalMs?: number;
  available?: boolean;
}) {
  const router = useRouter();
  const id = useId();
  const [on, setOn] = useState(true);
  const [pending, startTransition] = useTransition();
  const [updatedAt, setUpdatedAt] = useState<Date | null>(null);

  const refresh = useCallback(() => {
    startTransition(() => {
      router.refresh();
      setUpdatedAt(new Date());
    });
  }, [router]);

  useEffect(() => {
    if (!on || !available) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") refresh();
    }, intervalMs);
    return () => clearInterval(timer);
  }, [on, available, intervalMs, refresh]);

  return (
    <div className="flex items-center gap-3 text-sm text-slate-600">
      {available ? (
        <label htmlFor={id} className="flex cursor-pointer items-center gap-2">
          <input
            id={id}
            type="checkbox"
            checked={on}
            onChange={(event) => setOn(event.target.checked)}
            className={checkboxClasses()}
          />
          Auto-refresh
        </label>
      ) : null}
      <span className="hidden tabular-nums sm:inline" aria-hidden="true">
        {updatedAt ? `Updated ${CLOCK.format(updatedAt)}` : null}
      </span>
      <Button size="sm" variant="secondary" onClick={refresh} loading={pending}>
        {pending ? null : <RefreshIcon />}
        Refresh
      </Button>
    </div>
  );
}
