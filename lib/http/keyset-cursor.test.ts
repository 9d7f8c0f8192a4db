import { describe, expect, it } from "vitest";
import { decodeKeysetCursor, encodeKeysetCursor } from "@/lib/http/keyset-cursor";

const ID = "01JD0000000000000000000000";
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

describe("the keyset cursor", () => {
  it("round-trips the keyset, to the millisecond", () => {
    const cursor = { at: new Date("2026-11-21T09:30:00.123Z"), id: ID };
    const text = encodeKeysetCursor(cursor);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeKeysetCursor(text)).toEqual(cursor);
  });

  it.each([
    ["empty", ""],
    ["not base64url", "abc+/="],
    ["not JSON", Buffer.from("hello").toString("base64url")],
    ["JSON but not an object", b64("x")],
    ["null", b64(null)],
    ["missing id", b64({ t: "2026-11-21T09:30:00.000Z" })],
    ["missing time", b64({ i: ID })],
    ["an id that is no ULID", b64({ t: "2026-11-21T09:30:00.000Z", i: "x'; DROP TABLE" })],
    ["a time without milliseconds", b64({ t: "2026-11-21T09:30:00Z", i: ID })],
    ["an impossible time", b64({ t: "2026-02-30T09:30:00.000Z", i: ID })],
    ["a number for the time", b64({ t: 1, i: ID })],
  ])("refuses %s", (_, text) => {
    expect(decodeKeysetCursor(text)).toBeUndefined();
  });
});
