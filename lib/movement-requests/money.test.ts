import { describe, expect, it } from "vitest";
import { formatMoney, money, priceVariance } from "@/lib/movement-requests/money";

const gbp = (centAmount: number) => ({ centAmount, currencyCode: "GBP" });

describe("money", () => {
  it("comes from two columns, or not at all", () => {
    expect(money(1234, "GBP")).toEqual(gbp(1234));
    expect(money(0, "GBP")).toEqual(gbp(0));
    expect(money(null, "GBP")).toBeNull();
    expect(money(1234, null)).toBeNull();
  });

  it("is written with the currency's own minor units", () => {
    expect(formatMoney(gbp(123450))).toBe("£1,234.50");
    expect(formatMoney({ centAmount: 1500, currencyCode: "JPY" })).toBe("JP¥1,500");
    expect(formatMoney({ centAmount: 1000, currencyCode: "KWD" })).toMatch(/^KWD\s1\.000$/);
    expect(formatMoney(null)).toBe("—");
  });

  it("has a variance of final against estimate only in one currency", () => {
    const over = priceVariance(gbp(10_000), gbp(10_410));
    expect(over?.amount).toEqual(gbp(410));
    expect(over?.percent).toBeCloseTo(4.1, 10);
    expect(priceVariance(gbp(10_000), gbp(9_000))).toEqual({ amount: gbp(-1000), percent: -10 });
    expect(priceVariance(gbp(0), gbp(500))).toEqual({ amount: gbp(500), percent: null });
    expect(priceVariance(gbp(10_000), { centAmount: 10_000, currencyCode: "EUR" })).toBeNull();
    expect(priceVariance(null, gbp(1))).toBeNull();
    expect(priceVariance(gbp(1), null)).toBeNull();
  });
});
