"use client";
// Sharing the phone's position while the carrier's leg is on the road (issue #35 §2), with the
// driver's consent on the page: what is shared, with whom, when it stops, and a way to pause. Fixes
// are gathered and sealed into batches (position-batches.ts), each queued on the phone with its own
// idempotency key before it is sent (position-queue.ts), so no signal loses nothing and a replay
// stores nothing twice. Unmounted (delivered, or the job moved on), the watch stops.
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { batchIsDue, type OpenBatch } from "@/components/carrier-jobs/position-batches";
import { enqueuePositions, flushPositions } from "@/components/carrier-jobs/position-queue";
import {
  phoneHasPosition,
  POSITION_PROBLEM_TEXT,
  positionProblemOf,
} from "@/components/proofs/phone-position";
import { Button } from "@/components/ui/button";
import type { PositionProblem } from "@/lib/generated/prisma/enums";

type Props = { base: string; queueKey: string; organisation: string };
type Consent = "unanswered" | "on" | "paused";

/** How often a sealed-but-unsent batch is tried again, and an open batch checked for its 30 s. */
const TICK_MS = 5_000;

const consentKey = (queueKey: string) => `vms.position-sharing.${queueKey.slice(0, 12)}`;

/** The driver's answer, kept on the phone so that it outlives a reload; the server renders "unanswered". */
function useConsent(queueKey: string): [Consent, (next: Consent) => void] {
  const key = consentKey(queueKey);
  const consent = useSyncExternalStore(
    (changed) => {
      window.addEventListener("storage", changed);
      return () => window.removeEventListener("storage", changed);
    },
    (): Consent => {
      const stored = window.localStorage.getItem(key);
      return stored === "on" || stored === "paused" ? stored : "unanswered";
    },
    (): Consent => "unanswered",
  );
  const answer = (next: Consent) => {
    window.localStorage.setItem(key, next);
    // localStorage tells other tabs, not this one.
    window.dispatchEvent(new StorageEvent("storage", { key }));
  };
  return [consent, answer];
}

export function PositionSharing({ base, queueKey, organisation }: Props) {
  const [consent, answer] = useConsent(queueKey);
  const [problem, setProblem] = useState<PositionProblem | null>(null);
  const [lastSentAt, setLastSentAt] = useState<Date | null>(null);
  const [waiting, setWaiting] = useState(0);
  const batch = useRef<OpenBatch>({ fixes: [], openedAt: 0, lastSent: null });
  const sharing = consent === "on" && phoneHasPosition();

  const flush = useCallback(async () => {
    const result = await flushPositions(queueKey, `${base}/positions`);
    if (result.sent > 0 && !result.refused) setLastSentAt(new Date());
    setWaiting(result.waiting);
  }, [base, queueKey]);

  /** Seals the open batch into the queue (with its key), then sends what waits. */
  const seal = useCallback(async () => {
    const { fixes } = batch.current;
    const newest = fixes.at(-1);
    if (newest) {
      batch.current = { fixes: [], openedAt: Date.now(), lastSent: newest };
      await enqueuePositions(queueKey, { idempotencyKey: crypto.randomUUID(), positions: fixes }).catch(
        () => undefined,
      );
    }
    await flush();
  }, [flush, queueKey]);

  useEffect(() => {
    if (!sharing) return;
    const watch = navigator.geolocation.watchPosition(
      ({ coords, timestamp }) => {
        setProblem(null);
        const current = batch.current;
        if (current.fixes.length === 0) current.openedAt = Date.now();
        current.fixes.push({
          latitude: coords.latitude,
          longitude: coords.longitude,
          accuracyMetres: coords.accuracy,
          recordedAt: new Date(timestamp).toISOString(),
        });
        if (batchIsDue(current, Date.now())) void seal();
      },
      (error) => setProblem(positionProblemOf(error)),
      { enableHighAccuracy: true, maximumAge: 10_000 },
    );
    const tick = window.setInterval(() => {
      if (batchIsDue(batch.current, Date.now())) void seal();
      else void flush();
    }, TICK_MS);
    const online = () => void flush();
    window.addEventListener("online", online);
    return () => {
      navigator.geolocation.clearWatch(watch);
      window.clearInterval(tick);
      window.removeEventListener("online", online);
      // Paused or off the road: what was gathered with consent is still sent.
      void seal();
    };
  }, [sharing, flush, seal]);

  return (
    <section
      aria-labelledby="position-sharing-title"
      className="space-y-3 rounded-lg border border-blue-200 bg-blue-50 p-4 text-slate-900"
    >
      <h2 id="position-sharing-title" className="font-semibold">
        Share your position on the road
      </h2>
      <ul className="list-disc space-y-1 pl-5 text-sm text-slate-800">
        <li>What: this phone&apos;s position, sent every 30 seconds or 500 m while this page is open.</li>
        <li>
          Who sees it: the dispatchers of {organisation}, on their map; the customer only roughly (to about 1
          km) while the vehicle is coming to them.
        </li>
        <li>When it stops: by itself at delivery, or whenever you pause it. Kept 30 days after delivery.</li>
      </ul>
      <p role="status" className="text-sm font-medium" data-testid="position-sharing-status">
        {statusText(consent, consent === "on" && !sharing ? "NO_GPS" : problem, lastSentAt, waiting)}
      </p>
      {consent === "on" ? (
        <Button variant="secondary" onClick={() => answer("paused")}>
          Pause sharing
        </Button>
      ) : (
        <Button onClick={() => answer("on")}>
          {consent === "paused" ? "Resume sharing" : "Share my position"}
        </Button>
      )}
    </section>
  );
}

function statusText(
  consent: Consent,
  problem: PositionProblem | null,
  lastSentAt: Date | null,
  waiting: number,
): string {
  if (consent === "unanswered") return "Not shared until you say so.";
  if (consent === "paused") return "Paused: nothing is shared until you resume.";
  if (problem) return `Not sharing: ${POSITION_PROBLEM_TEXT[problem]}.`;
  const queued = waiting > 0 ? ` ${waiting} waiting for a signal (saved on this phone).` : "";
  const sent = lastSentAt
    ? `last sent ${lastSentAt.toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit" })}`
    : "finding the position…";
  return `Sharing: ${sent}.${queued}`;
}
