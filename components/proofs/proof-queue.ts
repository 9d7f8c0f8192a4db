// The phone's queue of proofs not yet confirmed by the server, in IndexedDB (photos are blobs, too big
// and binary for localStorage). A proof is queued before anything is sent, with the idempotency key
// and photo ids made when it was taken; sending it uploads each photo (PUT, idempotent by its id) and
// then the proof (POST, idempotent by its key). It leaves the queue once the server has answered the
// proof (2xx, or a 4xx refusal for good); a lost signal or a 5xx leaves it queued, and the next flush
// sends the same ids and key again, so a replay never doubles it. Proofs go before the job's actions
// (job-page.tsx), so the collected/delivered webhook finds its proof.
import { runInStore } from "@/components/proofs/phone-database";
import type { ProofBody } from "@/lib/proofs/schemas";

export type QueuedProof = {
  key: string;
  link: string;
  body: ProofBody;
  photos: { id: string; blob: Blob }[];
};
export type ProofSendResult = { body: ProofBody; status: number; answer: unknown };

const linkOf = (token: string) => token.slice(0, 12);
const run = <T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>) =>
  runInStore("proofs", mode, work);

export async function enqueueProof(
  token: string,
  body: ProofBody,
  photos: QueuedProof["photos"],
): Promise<void> {
  const item: QueuedProof = { key: body.idempotencyKey, link: linkOf(token), body, photos };
  await run("readwrite", (store) => store.put(item));
}

export async function readProofQueue(token: string): Promise<QueuedProof[]> {
  const all = await run("readonly", (store) => store.getAll() as IDBRequest<QueuedProof[]>).catch(() => []);
  return all.filter((item) => item.link === linkOf(token));
}

let flushing: Promise<ProofSendResult[]> | null = null;

/** Sends the queued proofs in order; stops at the first that gets no answer (still offline). */
export function flushProofs(token: string, base: string): Promise<ProofSendResult[]> {
  flushing ??= sendAll(token, base).finally(() => {
    flushing = null;
  });
  return flushing;
}

async function sendAll(token: string, base: string): Promise<ProofSendResult[]> {
  const results: ProofSendResult[] = [];
  for (const item of await readProofQueue(token)) {
    const result = await sendOne(item, base);
    if (!result) break;
    await run("readwrite", (store) => store.delete(item.key));
    results.push(result);
  }
  return results;
}

/** The server's answer to the proof, or null when there was none (offline, 5xx): try again later. */
async function sendOne(item: QueuedProof, base: string): Promise<ProofSendResult | null> {
  try {
    for (const photo of item.photos) {
      const uploaded = await fetch(`${base}/proof-photos/${encodeURIComponent(photo.id)}`, {
        method: "PUT",
        headers: { "content-type": photo.blob.type || "image/jpeg" },
        body: photo.blob,
        cache: "no-store",
      });
      if (uploaded.status >= 500) return null;
      if (uploaded.status >= 400)
        return { body: item.body, status: uploaded.status, answer: await json(uploaded) };
    }
    const response = await fetch(`${base}/proofs`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(item.body),
      cache: "no-store",
    });
    if (response.status >= 500) return null;
    return { body: item.body, status: response.status, answer: await json(response) };
  } catch {
    return null;
  }
}

function json(response: Response): Promise<unknown> {
  return response.json().catch(() => null);
}
