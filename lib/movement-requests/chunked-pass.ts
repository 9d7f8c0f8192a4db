// A worker pass over a backlog, in chunks (issue 36): each chunk is one short transaction, sized from
// the last one's time so that none holds a connection for much more than its budget, and followed by as
// long a rest, so that a backlog leaves the database half its time for the web. A chunk is at most twice
// the last one: a quick chunk of cached rows says little about the next, which may read from disk. Used
// by the at-risk and ETA passes and the report roll-ups; each chunk takes the pass's transaction-scoped
// advisory lock itself. A stopping worker aborts `signal`: the pass ends after the chunk in flight.

import { setTimeout as sleep } from "node:timers/promises";

/**
 * What a chunk did: how many items it worked, and where the next one starts (null: nothing after).
 * `cutShort`: it stopped at its time limit before its size, so fewer than asked does not mean the end.
 */
export type ChunkRead<Cursor> = { read: number; last: Cursor | null; cutShort?: boolean };

export type ChunkedPassOptions<Cursor> = {
  /** Items per chunk at most. */
  maxChunk: number;
  /** A chunk's fixed cost (its read, its lock) is worth this many items at least. */
  minChunk: number;
  /** What one chunk should take, in milliseconds. */
  budgetMs: number;
  /** Works the chunk after `after` of at most `size` items; null when the pass's lock is held elsewhere. */
  chunk: (after: Cursor | null, size: number) => Promise<ChunkRead<Cursor> | null>;
  /** Chunks at most (the rest is left for the next pass). */
  maxChunks?: number;
  signal?: AbortSignal;
};

export type ChunkedPassOutcome = {
  chunks: number;
  /** The longest chunk, in milliseconds. */
  longestChunkMs: number;
  /** Stopped because another instance held the lock (it carries on). */
  interrupted: boolean;
  /** Items read, over every chunk. */
  read: number;
};

/** How much larger than the last chunk the next may be. */
const MAX_GROWTH = 2;

export async function workInChunks<Cursor>({
  maxChunk,
  minChunk,
  budgetMs,
  chunk,
  maxChunks = Infinity,
  signal,
}: ChunkedPassOptions<Cursor>): Promise<ChunkedPassOutcome> {
  const outcome: ChunkedPassOutcome = { chunks: 0, longestChunkMs: 0, interrupted: false, read: 0 };
  let after: Cursor | null = null;
  let size = Math.min(maxChunk, minChunk * 2);
  while (outcome.chunks < maxChunks && !signal?.aborted) {
    const started = performance.now();
    const done: ChunkRead<Cursor> | null = await chunk(after, size);
    if (done === null) return { ...outcome, interrupted: true };
    const elapsed = performance.now() - started;
    outcome.chunks += 1;
    outcome.read += done.read;
    outcome.longestChunkMs = Math.max(outcome.longestChunkMs, Math.round(elapsed));
    if ((done.read < size && !done.cutShort) || done.last === null) return outcome;
    after = done.last;
    const fitted = Math.floor((size * budgetMs) / Math.max(elapsed, 1));
    size = Math.max(Math.min(maxChunk, minChunk), Math.min(maxChunk, size * MAX_GROWTH, fitted));
    await sleep(elapsed, undefined, { signal }).catch(() => undefined); // aborted: the loop ends
  }
  return outcome;
}
