import { describe, expect, it } from "vitest";
import { formatLsn, parseLsn } from "@/lib/read-replicas/lsn";

describe("WAL positions", () => {
  it("compare by both halves, as pg_lsn does", () => {
    expect(parseLsn("0/16B3748")).toBe(0x16b3748n);
    expect(parseLsn("1/0")).toBeGreaterThan(parseLsn("0/FFFFFFFF"));
    expect(formatLsn(parseLsn("16/B374D848"))).toBe("16/B374D848");
  });

  it("refuse what is not one", () => {
    expect(() => parseLsn("16B374D848")).toThrow(/Not a WAL position/);
    expect(() => parseLsn("1/123456789")).toThrow(/Not a WAL position/);
  });
});
