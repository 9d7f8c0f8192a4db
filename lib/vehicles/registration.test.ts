import { describe, expect, it } from "vitest";
import { isValidVin, isValidVrm } from "@/lib/vehicles/registration";

describe("isValidVrm", () => {
  describe.each([
    [
      "current",
      ["AB12 CDE", "AB12CDE", "BD51 SMR", "LM02 ABC", "YY75 ZZZ", "ab12 cde", "Ab12 cDe", "AB 12 CDE"],
    ],
    ["prefix", ["A123 BCD", "A1 BCD", "P12 XYZ", "Y999 ZZZ", "a123bcd"]],
    ["suffix", ["ABC 123D", "ABC 1D", "XYZ 99A", "abc123d"]],
    ["dateless, letters first", ["A 1", "AB 1", "AB 1234", "ABC 1", "ABC 123", "K 9999", "ab1234"]],
    ["dateless, digits first", ["1 A", "1 ABC", "123 ABC", "1234 AB", "9999 K", "1ab"]],
    ["Northern Ireland", ["ABZ 1234", "AIG 1", "KIA 9998", "BZ 1234", "IA 99", "1 IA", "1234 OI", "abz1234"]],
  ])("accepts a %s mark", (_format, marks) => {
    it.each(marks)("%j", (mark) => {
      expect(isValidVrm(mark)).toBe(true);
    });
  });

  describe("refuses garbage", () => {
    it.each([
      "",
      " ",
      "!!!",
      "ABCDEFGHIJ",
      "AB12-CDE",
      "AB12_CDE",
      "AB12.CDE",
      "ÄB12 CDE",
      "1234567",
      "ABCDEFG",
      "A",
      "1",
    ])("%j", (mark) => {
      expect(isValidVrm(mark)).toBe(false);
    });
  });

  describe("refuses bad spacing", () => {
    it.each(["AB12  CDE", " AB12CDE", "AB12CDE ", " AB12 CDE ", "AB12\tCDE", "AB12\nCDE", "AB12\u00a0CDE"])(
      "%j",
      (mark) => {
        expect(isValidVrm(mark)).toBe(false);
      },
    );
  });

  describe("refuses marks that fit no issued format", () => {
    it.each([
      ["current with a short age identifier", "AB1 CDE"],
      ["current with too many letters", "AB12 CDEF"],
      ["prefix with a four-digit serial", "A1234 BCD"],
      ["prefix with a zero serial", "A0 BCD"],
      ["prefix with a leading zero", "A012 BCD"],
      ["suffix with two year letters", "ABC 123DE"],
      ["suffix with a four-digit serial", "ABC 1234D"],
      ["dateless with four letters", "ABCD 1"],
      ["dateless with five digits", "AB 12345"],
      ["dateless with a leading zero", "AB 0123"],
      ["dateless with a zero serial", "0 AB"],
      ["three letters and four digits outside Northern Ireland", "ABC 1234"],
      ["four digits and three letters", "1234 ABC"],
      ["letters, digits, letters, digits", "AB1C2"],
      ["digits on both sides", "1AB2"],
    ])("%s: %j", (_reason, mark) => {
      expect(isValidVrm(mark)).toBe(false);
    });
  });
});

describe("isValidVin", () => {
  it.each([
    "WVWZZZ1JZXW000001",
    "SAJAA06E8KFA12345",
    "1HGCM82633A004352",
    "JH4KA8260MC000000",
    "VF1RFB00X56789012",
    "wvwzzz1jzxw000001",
    "SalGA2HE0JA123456",
    "12345678901234567",
  ])("accepts %j", (vin) => {
    expect(isValidVin(vin)).toBe(true);
  });

  it("does not enforce the North American check digit", () => {
    expect(isValidVin("1HGCM82633A004352")).toBe(true);
    expect(isValidVin("1HGCM82693A004352")).toBe(true);
  });

  it.each([
    ["empty", ""],
    ["16 characters", "WVWZZZ1JZXW00000"],
    ["18 characters", "WVWZZZ1JZXW0000012"],
    ["an I", "WVWZZZ1JZIW000001"],
    ["an O", "WVWZZZ1JZOW000001"],
    ["a Q", "WVWZZZ1JZQW000001"],
    ["a lower-case o", "wvwzzz1jzow000001"],
    ["a space", "WVWZZZ1JZ W000001"],
    ["a hyphen", "WVWZZZ1JZ-W000001"],
    ["surrounding spaces", " WVWZZZ1JZXW000001 "],
    ["an accented letter", "WVWZZZ1JZÉW000001"],
  ])("refuses one with %s: %j", (_reason, vin) => {
    expect(isValidVin(vin)).toBe(false);
  });
});
