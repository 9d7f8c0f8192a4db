import { describe, expect, it } from "vitest";
import { encodeEventsCursor } from "@/lib/events/events-cursor";
import { eventsPageBody } from "@/lib/events/list-published-events";
import { EVENTS_PAGE_MAX, instantAtOrAfter, listEventsQuery } from "@/lib/events/schemas";

const ID = "01JD0000000000000000000000";
const keyset = { occurredAt: new Date("2026-11-21T09:30:00.123Z"), id: ID };

describe("the events query", () => {
  it("accepts no parameters (limit defaults in the use case)", () => {
    expect(listEventsQuery.parse({})).toEqual({});
  });

  it.each(["1", "50", "250", "007"])("accepts limit %j", (limit) => {
    expect(listEventsQuery.parse({ limit }).limit).toBe(Number(limit));
  });

  it.each(["0", "251", "-1", "1.5", "1e2", " 5", "5 ", "abc", "", "+5", "0x10", "99999999999999999999"])(
    "refuses limit %j",
    (limit) => {
      expect(listEventsQuery.safeParse({ limit }).success).toBe(false);
    },
  );

  it("has a maximum page size of 250", () => {
    expect(EVENTS_PAGE_MAX).toBe(250);
  });

  it.each([
    ["2026-11-21T09:30:00Z", "2026-11-21T09:30:00.000Z"],
    ["2026-11-21T09:30:00.5Z", "2026-11-21T09:30:00.500Z"],
    ["2026-11-21T10:30:00+01:00", "2026-11-21T09:30:00.000Z"],
    ["2026-11-21T09:30:00.123000Z", "2026-11-21T09:30:00.123Z"],
    // Finer than the database's milliseconds: rounded up, so "at or after" stays exact.
    ["2026-11-21T09:30:00.1231Z", "2026-11-21T09:30:00.124Z"],
    ["2026-11-21T09:30:00.999999+00:00", "2026-11-21T09:30:01.000Z"],
  ])("reads since %j as %s", (since, instant) => {
    expect(listEventsQuery.parse({ since }).since?.toISOString()).toBe(instant);
    expect(instantAtOrAfter(since).toISOString()).toBe(instant);
  });

  it.each([
    "",
    "yesterday",
    "2026-11-21",
    "2026-11-21T09:30:00",
    "2026-11-21T09:30Z",
    "2026-13-01T00:00:00Z",
    "2026-02-30T00:00:00Z",
    "1700000000",
  ])("refuses since %j", (since) => {
    expect(listEventsQuery.safeParse({ since }).success).toBe(false);
  });

  it("decodes a cursor and refuses one it did not make", () => {
    const text = encodeEventsCursor({ ...keyset, since: null });
    expect(listEventsQuery.parse({ cursor: text }).cursor).toEqual({ ...keyset, since: null });
    expect(listEventsQuery.safeParse({ cursor: "garbage" }).success).toBe(false);
    expect(listEventsQuery.safeParse({ cursor: `${text}x` }).success).toBe(false);
  });

  it("takes a since beside a cursor only when it is the cursor's own", () => {
    const since = new Date("2026-11-01T00:00:00.000Z");
    const cursor = encodeEventsCursor({ ...keyset, since });
    expect(listEventsQuery.safeParse({ cursor, since: "2026-11-01T00:00:00Z" }).success).toBe(true);
    expect(listEventsQuery.safeParse({ cursor, since: "2026-11-01T01:00:00+01:00" }).success).toBe(true);
    const other = listEventsQuery.safeParse({ cursor, since: "2026-11-02T00:00:00Z" });
    expect(other.success).toBe(false);
    expect(other.error?.issues[0]?.path).toEqual(["since"]);
    const withoutSince = encodeEventsCursor({ ...keyset, since: null });
    expect(listEventsQuery.safeParse({ cursor: withoutSince, since: "2026-11-01T00:00:00Z" }).success).toBe(
      false,
    );
  });

  it("answers an invalid since beside a cursor with its issue, not an exception (issue 13)", () => {
    const cursor = encodeEventsCursor({ ...keyset, since: null });
    for (const since of ["yesterday", "", "2026-13-40T00:00:00Z"]) {
      const result = listEventsQuery.safeParse({ cursor, since });
      expect(result.error?.issues.map((issue) => issue.path.join("."))).toEqual(["since"]);
    }
  });

  it("refuses unknown parameters", () => {
    expect(listEventsQuery.safeParse({ after: "x" }).success).toBe(false);
  });
});

describe("the events page body", () => {
  it("joins the stored envelope texts verbatim", () => {
    const envelopes = ['{ "b" : 1.0, "a":"caf\\u00e9" }', '{"eventType":"movement.collected"}'];
    expect(eventsPageBody({ envelopes, nextCursor: "abc.def" })).toBe(
      '{"data":[{ "b" : 1.0, "a":"caf\\u00e9" },{"eventType":"movement.collected"}],"nextCursor":"abc.def"}',
    );
    expect(eventsPageBody({ envelopes: [], nextCursor: null })).toBe('{"data":[],"nextCursor":null}');
  });
});
