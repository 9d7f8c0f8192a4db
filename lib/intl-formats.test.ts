import { describe, expect, it } from "vitest";
import { dateTimeFormat, formatMinorUnits, numberFormat } from "@/lib/intl-formats";

describe("Intl formatters", () => {
  it("builds one formatter per locale and options, and formats as Intl does", () => {
    const london = dateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", timeZone: "Europe/London" });
    expect(dateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", timeZone: "Europe/London" })).toBe(
      london,
    );
    const paris = dateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", timeZone: "Europe/Paris" });
    expect(paris).not.toBe(london);
    const summer = new Date("2026-07-01T12:00:00Z");
    expect([london.format(summer), paris.format(summer)]).toEqual(["13:00", "14:00"]);
  });

  it("keeps number formats apart by currency", () => {
    expect(numberFormat("en-GB", { style: "currency", currency: "GBP" }).format(1234.5)).toBe("£1,234.50");
    expect(numberFormat("en-GB", { style: "currency", currency: "JPY" }).format(1234)).toBe("JP¥1,234");
    expect(numberFormat("en-GB", { style: "currency", currency: "GBP" })).toBe(
      numberFormat("en-GB", { style: "currency", currency: "GBP" }),
    );
  });

  it("writes minor units by the currency's own digits, whole units when asked", () => {
    expect(formatMinorUnits(123450, "GBP")).toBe("£1,234.50");
    expect(formatMinorUnits(1234, "JPY")).toBe("JP¥1,234");
    expect(formatMinorUnits(123450, "GBP", { maximumFractionDigits: 0 })).toBe("£1,235");
  });
});
