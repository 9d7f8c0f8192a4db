import { decodeTime } from "ulid";
import { describe, expect, it } from "vitest";
import { ULID_PATTERN } from "@/lib/ids";
import { ulidFactory } from "@/lib/ulid.mjs";

describe("ulidFactory", () => {
  it("makes valid, distinct ULIDs in the order made, across refills of its random pool", () => {
    const next = ulidFactory();
    // 256 ids use up one pool of 4,096 bytes: 2,000 cross several refills.
    const ids = Array.from({ length: 2000 }, () => next());
    for (const id of ids) expect(id).toMatch(ULID_PATTERN);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    expect(Math.abs(decodeTime(ids[0]!) - Date.now())).toBeLessThan(60_000);
  });

  it("spreads the random part over the whole alphabet", () => {
    const next = ulidFactory();
    // Ids made a millisecond apart each draw a fresh random part; within one they increment it.
    const randomParts = Array.from({ length: 200 }, (_, index) => next(Date.now() + index * 1000).slice(10));
    const characters = new Set(randomParts.join(""));
    expect(characters.size).toBe(32);
  });
});
