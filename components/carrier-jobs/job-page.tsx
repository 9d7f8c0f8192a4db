"use client";
// The carrier's job page: the job, and the actions its link allows now (the server's list, from the
// transition tables). An action is queued on the phone first (job-queue.ts) with a fresh idempotency
// key, then sent; without a signal it stays queued and is sent when the signal returns. After each
// answer the page asks for the job again, so what it offers is always the server's word.
import { useCallback, useEffect, useState } from "react";
import { AbortControl } from "@/components/board/stop-controls";
import { JobDetails } from "@/components/carrier-jobs/job-details";
import { installJobApp } from "@/components/carrier-jobs/keep-for-offline";
import { PositionSharing } from "@/components/carrier-jobs/position-sharing";
import {
  enqueueAction,
  flushQueue,
  readQueue,
  type QueuedAction,
  type SendResult,
} from "@/components/carrier-jobs/job-queue";
import { ProofForm, type RecordedProof } from "@/components/proofs/proof-form";
import { enqueueProof, flushProofs, readProofQueue } from "@/components/proofs/proof-queue";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/components/ui/use-hydrated";
import type { JobAction, JobActionBody, JobView } from "@/lib/carrier-jobs/schemas";

const ACTION_LABEL: Record<JobAction, string> = {
  accept: "Accept job",
  decline: "Decline",
  collected: "Vehicle collected",
  delivered: "Vehicle delivered",
  aborted: "Abort",
};

const DONE_LABEL: Record<JobAction, string> = {
  accept: "accepted",
  decline: "declined",
  collected: "collected",
  delivered: "delivered",
  aborted: "aborted",
};

type Props = {
  /** Where the job's routes are: /jobs/{token} (a link) or /carrier/jobs/{id} (a signed-in carrier). */
  base: string;
  /** Names this job's offline queues on the phone (a link's token, or the request for a carrier). */
  queueKey: string;
  initialView: JobView;
  /** A link's page is an installable app (its own manifest and service worker, scope /jobs/). */
  installable?: boolean;
};

/** How often a queued action or proof is tried again while the phone has not said it is back online. */
const RETRY_WHILE_QUEUED_MS = 8_000;

export function JobPage({ base, queueKey, initialView, installable = false }: Props) {
  const token = queueKey;
  const hydrated = useHydrated();
  const [view, setView] = useState<JobView | null>(initialView);
  const [queued, setQueued] = useState<QueuedAction[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The action whose proof is being recorded (the form is open), and the proofs waiting for a signal. */
  const [proofFor, setProofFor] = useState<"collected" | "delivered" | null>(null);
  const [queuedProofs, setQueuedProofs] = useState<string[]>([]);

  const refresh = useCallback(async () => {
    try {
      const response = await fetch(`${base}/view`, { cache: "no-store" });
      if (response.status === 404) setView(null);
      else if (response.ok) setView((await response.json()) as JobView);
    } catch {
      // Offline: keep showing what we have.
    }
  }, [base]);

  /** What the page shows after a flush: the queue left, a word on the last answer, the job again. */
  const synced = useCallback(
    async (results: SendResult[]) => {
      setQueued(readQueue(token));
      const last = results.at(-1);
      // Nothing was sent: the job as last seen (the network's, or the service worker's copy offline).
      if (!last) return refresh();
      const refused = results.filter((result) => result.status >= 400);
      setMessage(
        refused.length > 0
          ? `Not done: ${refusalOf(refused.at(-1)?.answer)}`
          : `Done: ${DONE_LABEL[last.body.action]}.`,
      );
      await refresh();
    },
    [refresh, token],
  );
  // Proofs first: the collected/delivered webhook carries the proof the server has when it is sent.
  const sync = useCallback(async () => {
    const proofs = await flushProofs(token, base);
    const waiting = await readProofQueue(token);
    setQueuedProofs(waiting.map((item) => `proof of ${item.body.kind}`));
    const refusedProof = proofs.find((result) => result.status >= 400);
    if (refusedProof) setMessage(`Proof not recorded: ${refusalOf(refusedProof.answer)}`);
    if (waiting.length > 0) return;
    await synced(await flushQueue(token, `${base}/actions`));
  }, [base, synced, token]);

  useEffect(() => {
    // Sends what an earlier visit left queued (and shows the queue: localStorage, unknown to the server).
    const online = () => void sync();
    online();
    window.addEventListener("online", online);
    if (installable) void installJobApp();
    return () => window.removeEventListener("online", online);
  }, [sync, installable]);

  // "online" fires only when the phone's network interface comes back, not when a weak signal starts
  // carrying data again: while anything waits, it is tried again every few seconds too.
  const waiting = queued.length + queuedProofs.length > 0;
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(() => void sync(), RETRY_WHILE_QUEUED_MS);
    return () => window.clearInterval(timer);
  }, [waiting, sync]);

  async function take(body: JobActionBody) {
    setBusy(true);
    enqueueAction(token, body);
    setQueued(readQueue(token));
    await sync();
    setQueued(readQueue(token));
    if (readQueue(token).length > 0 || (await readProofQueue(token)).length > 0) {
      setMessage("No signal: saved on this phone. It is sent as soon as the signal returns.");
    }
    setBusy(false);
  }

  async function recordProof(action: "collected" | "delivered", proof: RecordedProof) {
    setBusy(true);
    try {
      await enqueueProof(token, proof.body, proof.photos);
    } catch {
      setBusy(false);
      setMessage("This phone could not save the proof (storage full or private browsing). Nothing was sent.");
      return;
    }
    setProofFor(null);
    // Back to the top of the job, where its status and the queue's notice are.
    window.scrollTo({ top: 0 });
    await take({ action, idempotencyKey: crypto.randomUUID() });
  }

  if (!view) return <InvalidJobLink />;
  const pendingActions = new Set(queued.map((item) => item.body.action));
  const actions = view.actions.filter((action) => !pendingActions.has(action));
  const key = () => crypto.randomUUID();
  const main = actions.filter((action) => action !== "aborted");
  return (
    <main className="mx-auto w-full max-w-xl space-y-4 px-4 pt-5 pb-8">
      {view.state === "taken" ? (
        <Notice tone="warning">This job was taken by another driver. Nothing more to do here.</Notice>
      ) : null}
      {view.state === "declined" ? <Notice tone="info">You declined this job.</Notice> : null}
      {queued.length + queuedProofs.length > 0 ? (
        <Notice tone="warning">
          Waiting for a signal to send:{" "}
          {[...queuedProofs, ...queued.map((item) => DONE_LABEL[item.body.action])].join(", ")}.
        </Notice>
      ) : null}
      {/* Mounted while on the road, whatever else shows: the proof form at delivery keeps it sharing. */}
      {view.onTheRoad ? (
        <PositionSharing base={base} queueKey={token} organisation={view.organisation} />
      ) : null}
      {proofFor && actions.includes(proofFor) ? (
        <ProofForm
          kind={proofFor === "collected" ? "collection" : "delivery"}
          requiredSlots={view.proofPhotoSlots}
          busy={busy}
          onCancel={() => setProofFor(null)}
          onRecord={(proof) => void recordProof(proofFor, proof)}
        />
      ) : (
        <JobDetails view={view} />
      )}
      {actions.includes("aborted") ? (
        <section aria-label="Stop the job" className="rounded-lg border border-slate-200 bg-white p-4">
          <AbortControl
            pending={busy || !hydrated}
            onAbort={(body) => void take({ action: "aborted", idempotencyKey: key(), ...body })}
          />
        </section>
      ) : null}
      {/* The next step stays in reach of a thumb, and so does the word on the last one. */}
      <section
        aria-label="Actions"
        className="sticky bottom-0 -mx-4 space-y-2 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgba(15,23,42,0.08)]"
      >
        <p role="status" className="text-slate-800 empty:hidden">
          {message}
        </p>
        {main.length > 0 && !proofFor ? (
          <div className="flex flex-wrap gap-3">
            {main.map((action) => (
              <Button
                key={action}
                size="lg"
                variant={action === "decline" ? "secondary" : "primary"}
                className="grow"
                loading={busy}
                disabled={!hydrated}
                onClick={() =>
                  action === "collected" || action === "delivered"
                    ? setProofFor(action)
                    : void take({ action, idempotencyKey: key() } as JobActionBody)
                }
              >
                {ACTION_LABEL[action]}
              </Button>
            ))}
          </div>
        ) : null}
      </section>
    </main>
  );
}

function refusalOf(answer: unknown): string {
  const text =
    answer && typeof answer === "object" && "message" in answer ? String(answer.message) : undefined;
  return text ?? "the job had moved on.";
}

function Notice({ tone, children }: { tone: "warning" | "info"; children: React.ReactNode }) {
  const colours =
    tone === "warning"
      ? "border-amber-300 bg-amber-50 text-amber-950"
      : "border-sky-300 bg-sky-50 text-sky-950";
  return <div className={`rounded-lg border p-3 ${colours}`}>{children}</div>;
}

export function InvalidJobLink() {
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col justify-center px-4 py-12">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <p className="text-sm font-medium tracking-wide text-slate-600 uppercase">Vehicle movement job</p>
        <h1 className="mt-1 text-2xl font-semibold text-slate-900">This job link is not valid</h1>
        <p className="mt-3 text-slate-700">
          It may have been revoked, given to someone else, or the job ended more than a week ago. Ask the
          dispatcher who sent it for a new one.
        </p>
      </div>
    </main>
  );
}
