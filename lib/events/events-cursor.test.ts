import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { decodeEventsCursor, encodeEventsCursor, type EventsCursor } from "@/lib/events/events-cursor";

const ID = "01JD0000000000000000000000";
const cursor: EventsCursor = {
  occurredAt: new Date("2026-11-21T09:30:00.123Z"),
  id: ID,
  since: new Date("2026-11-01T00:00:00.000Z"),
};

/** A cursor with the given payload and a matching checksum, as someone who knows the format makes it. */
function forge(value: unknown): string {
  const payload = Buffer.from(JSON.stringify(value)).toString("base64url");
  const checksum = createHash("sha256").update(`vms-events-cursor.${payload}`).digest("base64url");
  return `${payload}.${checksum.slice(0, 16)}`;
}

describe("the events cursor", () => {
  it("round-trips the keyset and the since, to the millisecond", () => {
    const text = encodeEventsCursor(cursor);
    expect(text).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(decodeEventsCursor(text)).toEqual(cursor);
  });

  it("round-trips a walk without since", () => {
    const text = encodeEventsCursor({ ...cursor, since: null });
    expect(decodeEventsCursor(text)).toEqual({ ...cursor, since: null });
  });

  it("refuses a cursor with any one character changed", () => {
    const text = encodeEventsCursor(cursor);
    for (let index = 0; index < text.length; index += 1) {
      if (text[index] === ".") continue;
      const replacement = text[index] === "A" ? "B" : "A";
      const tampered = text.slice(0, index) + replacement + text.slice(index + 1);
      expect(decodeEventsCursor(tampered), `changed at ${index}`).toBeUndefined();
    }
  });

  it("refuses a payload re-encoded with another keyset but the old checksum", () => {
    const [payload, checksum] = encodeEventsCursor(cursor).split(".");
    const json = JSON.parse(Buffer.from(payload!, "base64url").toString("utf8")) as Record<string, unknown>;
    const edited = Buffer.from(JSON.stringify({ ...json, t: "2030-01-01T00:00:00.000Z" })).toString(
      "base64url",
    );
    expect(decodeEventsCursor(`${edited}.${checksum}`)).toBeUndefined();
  });

  it.each([
    ["empty", ""],
    ["garbage", "garbage"],
    ["no checksum", encodeEventsCursor(cursor).split(".")[0]!],
    ["a checksum only", `.${encodeEventsCursor(cursor).split(".")[1]}`],
    ["three parts", `${encodeEventsCursor(cursor)}.x`],
    ["truncated", encodeEventsCursor(cursor).slice(0, -1)],
    ["padded", `${encodeEventsCursor(cursor)}=`],
    ["surrounded by spaces", ` ${encodeEventsCursor(cursor)} `],
    ["not base64url", "abc+/=.abc"],
  ])("refuses %s", (_, text) => {
    expect(decodeEventsCursor(text)).toBeUndefined();
  });

  // Structural checks stand behind the checksum (a cursor from an older format, a forged one).
  it.each([
    ["JSON but not an object", "x"],
    ["null", null],
    ["an array", [1]],
    ["another version", { v: 2, t: "2026-11-21T09:30:00.000Z", i: ID, s: null }],
    ["missing id", { v: 1, t: "2026-11-21T09:30:00.000Z", s: null }],
    ["missing time", { v: 1, i: ID, s: null }],
    ["missing since", { v: 1, t: "2026-11-21T09:30:00.000Z", i: ID }],
    ["an id that is no ULID", { v: 1, t: "2026-11-21T09:30:00.000Z", i: "x'; DROP TABLE", s: null }],
    ["a time without milliseconds", { v: 1, t: "2026-11-21T09:30:00Z", i: ID, s: null }],
    ["an impossible time", { v: 1, t: "2026-02-30T09:30:00.000Z", i: ID, s: null }],
    ["a number for the since", { v: 1, t: "2026-11-21T09:30:00.000Z", i: ID, s: 1 }],
  ])("refuses a payload with %s, even under a matching checksum", (_, value) => {
    expect(decodeEventsCursor(forge(value))).toBeUndefined();
  });

  it("accepts a well-formed payload under a matching checksum (the forge helper is faithful)", () => {
    const value = { v: 1, t: "2026-11-21T09:30:00.123Z", i: ID, s: "2026-11-01T00:00:00.000Z" };
    expect(forge(value)).toBe(encodeEventsCursor(cursor));
    expect(decodeEventsCursor(forge(value))).toEqual(cursor);
  });
});
