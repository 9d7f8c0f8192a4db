"use client";
// Sends one delivery's event to the endpoint again (from the attempt log), and says what happened.
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import type { RedeliveryOutcome } from "@/lib/webhooks/redeliver";
import type { ActionResult } from "@/lib/http/action-result";

const SAID: Record<RedeliveryOutcome["outcome"], string> = {
  queued: "Queued",
  "due-now": "Retrying now",
  "in-flight": "Already sending",
};

export function RedeliverButton({
  eventLabel,
  redeliverAction,
}: {
  eventLabel: string;
  redeliverAction: () => Promise<ActionResult<RedeliveryOutcome>>;
}) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [said, setSaid] = useState<{ text: string; failed: boolean } | null>(null);

  function redeliver() {
    setSaid(null);
    startTransition(async () => {
      const result = await redeliverAction();
      if (!result.ok) {
        setSaid({ text: result.message, failed: true });
        return;
      }
      const { outcome, endpointEnabled } = result.data;
      setSaid({
        text: endpointEnabled ? SAID[outcome] : "Queued: waits until the endpoint is enabled",
        failed: false,
      });
      router.refresh();
    });
  }

  return (
    <div className="flex flex-col items-end gap-1">
      <Button size="sm" variant="secondary" onClick={redeliver} loading={pending}>
        Redeliver<span className="sr-only"> {eventLabel}</span>
      </Button>
      <span role="status" className={said?.failed ? "text-xs text-red-700" : "text-xs text-slate-600"}>
        {said?.text}
      </span>
    </div>
  );
}
