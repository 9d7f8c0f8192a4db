"use client";
// What a section of the board's detail panel shows that the page did not render: read through a server
// action when the panel opens, and again whenever the request's version changes (the board's live
// updates), so that a carrier's action elsewhere shows here without a reload.
import { useCallback, useEffect, useState } from "react";
import type { ActionResult } from "@/lib/http/action-result";

export function usePanelData<T>(read: () => Promise<ActionResult<T>>, version: string) {
  const [data, setData] = useState<T | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  const reload = useCallback(
    () =>
      read().then((result) => {
        if (result.ok) setData(result.data);
        else setMessage(result.message);
      }),
    [read],
  );

  useEffect(() => {
    void version;
    void reload();
  }, [reload, version]);

  return { data, message, setMessage, reload };
}
