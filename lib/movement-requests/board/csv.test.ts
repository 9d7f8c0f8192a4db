import { describe, expect, it } from "vitest";
import { csvCell, csvLine, decimalAmount } from "@/lib/movement-requests/board/csv";

describe("csvCell", () => {
  it("quotes commas, quotes and line breaks (RFC 4180)", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("cr\rhere")).toBe('"cr\rhere"');
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(42)).toBe("42");
  });

  it("neutralises text a spreadsheet would run as a formula", () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell("+441234")).toBe("'+441234");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tcmd")).toBe("'\tcmd");
    expect(csvCell("a=b")).toBe("a=b");
  });
});

describe("csvLine", () => {
  it("joins cells with commas and ends with CRLF", () => {
    expect(csvLine(["a", "b,c", null, 1])).toBe('a,"b,c",,1\r\n');
  });
});

describe("decimalAmount", () => {
  it("uses the currency's own precision", () => {
    expect(decimalAmount(12345, "GBP")).toBe("123.45");
    expect(decimalAmount(5, "EUR")).toBe("0.05");
    expect(decimalAmount(12345, "JPY")).toBe("12345");
  });
});
