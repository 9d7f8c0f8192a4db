// The phone's queue of job actions not yet confirmed by the server, in localStorage (one list per
// link). An action is queued before it is sent, with the idempotency key made when it was taken, and
// leaves the queue only once the server has answered it (any 2xx or 4xx: done, or refused for good).
// A lost signal or a 5xx leaves it queued; it is sent again, with the same key, when the signal
// returns, so a retry never doubles it.
import type { JobActionBody } from "@/lib/carrier-jobs/schemas";

export type QueuedAction = { body: JobActionBody; queuedAt: string };
export type SendResult = { body: JobActionBody; status: number; answer: unknown };

const storageKey = (token: string) => `vms.job-queue.${token.slice(0, 12)}`;

export function readQueue(token: string): QueuedAction[] {
  try {
    const raw = window.localStorage.getItem(storageKey(token));
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? (parsed as QueuedAction[]) : [];
  } catch {
    return [];
  }
}

function writeQueue(token: string, queue: QueuedAction[]): void {
  if (queue.length === 0) window.localStorage.removeItem(storageKey(token));
  else window.localStorage.setItem(storageKey(token), JSON.stringify(queue));
}

export function enqueueAction(token: string, body: JobActionBody): void {
  writeQueue(token, [...readQueue(token), { body, queuedAt: new Date().toISOString() }]);
}

let flushing: Promise<SendResult[]> | null = null;

/** Sends the queue in order; stops at the first action that gets no answer (still offline). */
export function flushQueue(token: string, actionsUrl: string): Promise<SendResult[]> {
  // One flush at a time: an "online" event and a tap may both start one.
  flushing ??= sendAll(token, actionsUrl).finally(() => {
    flushing = null;
  });
  return flushing;
}

async function sendAll(token: string, actionsUrl: string): Promise<SendResult[]> {
  const results: SendResult[] = [];
  for (const item of readQueue(token)) {
    const response = await postQueued(actionsUrl, item.body);
    if (!response) break;
    const answer: unknown = await response.json().catch(() => null);
    writeQueue(
      token,
      readQueue(token).filter((queued) => queued.body.idempotencyKey !== item.body.idempotencyKey),
    );
    results.push({ body: item.body, status: response.status, answer });
  }
  return results;
}

/** POSTs a queued write; null when it got no answer (no signal, or a 5xx): it stays queued. */
export async function postQueued(url: string, body: unknown): Promise<Response | null> {
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
      cache: "no-store",
    });
    return response.status >= 500 ? null : response;
  } catch {
    return null;
  }
}
