"use client";
// The drawer's sublet work and photos for one job (issue 37): the server actions, and what they read
// (the organisation's vendors, the job's vendor links, each item's vendor and photos), shared by the
// item entries, their moves and the links list. Its query sits under the card's ("prep-job-card", id),
// so whatever refreshes the card (a change, the live stream) refreshes it too.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, useContext, type ReactNode } from "react";
import { UNANSWERED, type RunChange } from "@/components/kanban/work-items-section";
import type { ActionResult } from "@/lib/http/action-result";
import type { CardSubletDetails, SendToSubletInput, SubletPhoto } from "@/lib/recon/sublet/schemas";
import type { SentToSublet } from "@/lib/recon/sublet/send-to-sublet";

export type SubletActions = {
  load: (prepJobId: string) => Promise<ActionResult<CardSubletDetails>>;
  send: (prepJobId: string, itemId: string, input: SendToSubletInput) => Promise<ActionResult<SentToSublet>>;
  revoke: (prepJobId: string, linkId: string) => Promise<ActionResult<null>>;
  photo: (prepJobId: string, itemId: string, form: FormData) => Promise<ActionResult<SubletPhoto>>;
};

type SubletContext = {
  prepJobId: string;
  actions: SubletActions;
  details: CardSubletDetails | undefined;
  run: RunChange;
};

const Context = createContext<SubletContext | null>(null);

/** Null on a board without sublet actions (read-only): the drawer then shows none of it. */
export function useSublet(): SubletContext | null {
  return useContext(Context);
}

export function SubletProvider({
  prepJobId,
  actions,
  children,
}: {
  prepJobId: string;
  actions: SubletActions | undefined;
  children: ReactNode;
}) {
  const queryClient = useQueryClient();
  // As the work items' own changes: the card (and with it this) is read again, whatever the answer.
  const run: RunChange = async (work) => {
    let result: ActionResult<unknown>;
    try {
      result = await work();
    } catch {
      result = UNANSWERED;
    }
    await queryClient.invalidateQueries({ queryKey: ["prep-job-card", prepJobId] });
    return result.ok ? null : result;
  };
  const details = useQuery({
    queryKey: ["prep-job-card", prepJobId, "sublet"],
    enabled: actions !== undefined,
    queryFn: async () => {
      const result = await (actions as SubletActions).load(prepJobId);
      if (!result.ok) throw new Error(result.message);
      return result.data;
    },
  });
  if (!actions) return children;
  return (
    <Context.Provider value={{ prepJobId, actions, details: details.data, run }}>{children}</Context.Provider>
  );
}
