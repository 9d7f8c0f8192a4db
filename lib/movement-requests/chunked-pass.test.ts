import { describe, expect, it } from "vitest";
import { workInChunks, type ChunkRead } from "@/lib/movement-requests/chunked-pass";

/** A backlog of `total` numbered items, worked in order; `cutAfter` cuts every chunk short at that many. */
function backlog(total: number, cutAfter = Infinity) {
  const asked: number[] = [];
  const chunk = async (after: number | null, size: number): Promise<ChunkRead<number>> => {
    asked.push(size);
    const start = after === null ? 0 : after + 1;
    const worked = Math.min(size, cutAfter, total - start);
    return {
      read: worked,
      last: worked > 0 ? start + worked - 1 : null,
      cutShort: worked === cutAfter && worked < size && start + worked < total,
    };
  };
  return { asked, chunk };
}

describe("workInChunks", () => {
  it("works the whole backlog and ends at the first chunk that finds fewer than asked", async () => {
    const { chunk } = backlog(1_000);
    const outcome = await workInChunks({ maxChunk: 100, minChunk: 10, budgetMs: 50, chunk });
    expect(outcome.read).toBe(1_000);
    expect(outcome.interrupted).toBe(false);
  });

  it("goes on after a chunk cut short at its time limit, to the end of the backlog", async () => {
    const { chunk, asked } = backlog(200, 30);
    const outcome = await workInChunks({ maxChunk: 100, minChunk: 10, budgetMs: 50, chunk });
    expect(outcome.read).toBe(200);
    expect(outcome.chunks).toBe(Math.ceil(200 / 30));
    expect(Math.max(...asked)).toBeLessThanOrEqual(100);
  });

  it("grows a quick chunk's successor at most twofold", async () => {
    const { chunk, asked } = backlog(5_000);
    await workInChunks({ maxChunk: 1_000, minChunk: 10, budgetMs: 50, chunk });
    expect(asked.slice(0, 5)).toEqual([20, 40, 80, 160, 320]);
    for (let index = 1; index < asked.length; index++) {
      expect(asked[index]).toBeLessThanOrEqual((asked[index - 1] ?? 0) * 2);
    }
  });

  it("stops when another instance holds the lock, and after maxChunks", async () => {
    const held = await workInChunks<number>({
      maxChunk: 10,
      minChunk: 5,
      budgetMs: 50,
      chunk: async () => null,
    });
    expect(held).toMatchObject({ interrupted: true, chunks: 0 });
    const { chunk } = backlog(1_000);
    const capped = await workInChunks({ maxChunk: 10, minChunk: 10, budgetMs: 50, chunk, maxChunks: 3 });
    expect(capped).toMatchObject({ chunks: 3, read: 30, interrupted: false });
  });
});
