"use client";
// Runs one of the board's server actions at a time and says what came of it, in words: the given
// success message, the domain's own error message, or that the server could not be reached.
import { useState, useTransition } from "react";
import type { ActionResult } from "@/lib/http/action-result";

export type ActionOutcome = { tone: "success" | "danger"; text: string } | null;

/** Runs a server action; remembers what came of it, in words. */
export function useRunAction() {
  const [pending, startTransition] = useTransition();
  const [outcome, setOutcome] = useState<ActionOutcome>(null);
  const run = (action: () => Promise<ActionResult<unknown>>, success: string, after?: () => void) => {
    setOutcome(null);
    startTransition(async () => {
      try {
        const result = await action();
        if (result.ok) {
          setOutcome({ tone: "success", text: success });
          after?.();
        } else setOutcome({ tone: "danger", text: result.message });
      } catch {
        setOutcome({
          tone: "danger",
          text: "The server could not be reached. Check your connection and try again.",
        });
      }
    });
  };
  return { pending, outcome, run };
}
