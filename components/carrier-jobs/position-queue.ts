// The phone's queue of position batches not yet confirmed by the server, in the same IndexedDB as the
// proofs (components/proofs/phone-database.ts). A batch is queued, with the idempotency key made when
// it was sealed, before it is sent; it leaves the queue once the server has answered it (202, or a 4xx
// refusal for good: the leg left the road). A lost signal or a 5xx leaves it queued and the next flush
// sends the same key and positions again, so a replay stores nothing twice.
import { postQueued } from "@/components/carrier-jobs/job-queue";
import { runInStore } from "@/components/proofs/phone-database";
import type { JobPositionsBody } from "@/lib/carrier-jobs/schemas";

type QueuedBatch = { key: string; link: string; sealedAt: number; body: JobPositionsBody };
export type PositionsFlush = { sent: number; refused: boolean; waiting: number };

const linkOf = (queueKey: string) => queueKey.slice(0, 12);
const run = <T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>) =>
  runInStore("positions", mode, work);

export async function enqueuePositions(queueKey: string, body: JobPositionsBody): Promise<void> {
  const item: QueuedBatch = { key: body.idempotencyKey, link: linkOf(queueKey), sealedAt: Date.now(), body };
  await run("readwrite", (store) => store.put(item));
}

async function readBatches(queueKey: string): Promise<QueuedBatch[]> {
  const all = await run("readonly", (store) => store.getAll() as IDBRequest<QueuedBatch[]>).catch(() => []);
  return all.filter((item) => item.link === linkOf(queueKey)).sort((a, b) => a.sealedAt - b.sealedAt);
}

let flushing: Promise<PositionsFlush> | null = null;

/** Sends the queued batches oldest first; stops at the first that gets no answer (still offline). */
export function flushPositions(queueKey: string, positionsUrl: string): Promise<PositionsFlush> {
  flushing ??= sendAll(queueKey, positionsUrl).finally(() => {
    flushing = null;
  });
  return flushing;
}

async function sendAll(queueKey: string, positionsUrl: string): Promise<PositionsFlush> {
  const batches = await readBatches(queueKey);
  let sent = 0;
  let refused = false;
  for (const item of batches) {
    const response = await postQueued(positionsUrl, item.body);
    if (!response) break;
    refused ||= response.status >= 400;
    await run("readwrite", (store) => store.delete(item.key));
    sent += 1;
  }
  return { sent, refused, waiting: batches.length - sent };
}
