import { describe, expect, it } from "vitest";
import { batchIsDue, MAX_BATCH, SEND_EVERY_MS, type Fix } from "@/components/carrier-jobs/position-batches";

const fix = (latitude: number): Fix => ({ latitude, longitude: -2.24, recordedAt: "2026-11-28T10:00:00Z" });
// 0.001° of latitude is about 111 m.
const metresNorth = (metres: number) => fix(53.48 + metres / 111_195);

describe("when the phone sends its positions", () => {
  it("sends nothing without a fix, and the journey's first fix at once", () => {
    expect(batchIsDue({ fixes: [], openedAt: 0, lastSent: null }, SEND_EVERY_MS * 10)).toBe(false);
    expect(batchIsDue({ fixes: [fix(53.48)], openedAt: 0, lastSent: null }, 1)).toBe(true);
  });

  it("sends after 500 m moved from the last batch, or after 30 s, whichever is first", () => {
    const lastSent = fix(53.48);
    const near = { fixes: [metresNorth(450)], openedAt: 0, lastSent };
    expect(batchIsDue(near, SEND_EVERY_MS - 1)).toBe(false);
    expect(batchIsDue(near, SEND_EVERY_MS)).toBe(true);
    expect(batchIsDue({ fixes: [metresNorth(120), metresNorth(510)], openedAt: 0, lastSent }, 5_000)).toBe(
      true,
    );
  });

  it("never lets a batch outgrow what the endpoint takes in one call", () => {
    const fixes = Array.from({ length: MAX_BATCH }, () => fix(53.48));
    expect(batchIsDue({ fixes, openedAt: 0, lastSent: fix(53.48) }, 1)).toBe(true);
  });
});
