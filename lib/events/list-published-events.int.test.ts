// GET /v1/movement-requests/events against a real database, through the route handler.
import { beforeAll, describe, expect, it } from "vitest";
import { GET as eventsRoute } from "@/app/v1/movement-requests/events/route";
import { buildMovementEnvelope } from "@/lib/events/movement-envelope";
import { encodeEventsCursor } from "@/lib/events/events-cursor";
import { readCurrentLegForEnvelope } from "@/lib/movement-requests/record-movement-event";
import { newId } from "@/lib/ids";
import { callRoute } from "@/test/call-route";
import { createMovementWorld } from "@/test/movement-world";
import { createTenant, type Tenant } from "@/test/tenant";
import { setupTestDatabase } from "@/test/test-database";
import { createDriver, createMovementRequest, createProfile, createApiKey } from "@/prisma/factories";

const database = setupTestDatabase();

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

type Page = { data: { eventId: string }[]; nextCursor: string | null };
type Owner = { organisation: { id: string }; profile: { id: string } };

/** A hand-written envelope: odd spacing and key order, an escape and a number form JSON.stringify changes. */
function quirkyEnvelope(id: string, occurredAt: Date): string {
  return (
    `{ "eventType" : "movement.collected", "eventId":"${id}",  "schemaVersion": "1", ` +
    `"occurredAt":"${occurredAt.toISOString()}","occurredAtLocal":"${occurredAt.toISOString()}",` +
    `"movement":{"notes":"caf\\u00e9 \\/ \\ud83d\\ude97","weight":1.0e0}}`
  );
}

let counter = 0;
/** Inserts an Event row directly; envelope null makes it an internal event. */
async function insertEvent(
  owner: Owner,
  occurredAt: Date,
  options: { envelope?: string | null; type?: string; id?: string } = {},
): Promise<{ id: string; envelope: string | null }> {
  const id = options.id ?? newId();
  const envelope = options.envelope === undefined ? quirkyEnvelope(id, occurredAt) : options.envelope;
  counter += 1;
  await database.kysely
    .insertInto("Event")
    .values({
      id,
      organisationId: owner.organisation.id,
      profileId: owner.profile.id,
      type: options.type ?? (envelope === null ? "movement_request.created" : "movement.collected"),
      resourceType: "movement",
      resourceId: `resource-${counter}`,
      resourceVersion: 1,
      occurredAt,
      payload: {},
      envelope,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { id, envelope };
}

/** `count` published events, a minute apart, the newest `newestAgoMs` ago; returned newest first. */
async function insertSeries(owner: Owner, count: number, newestAgoMs = 10 * MINUTE) {
  const base = Date.now() - newestAgoMs;
  const events = [];
  for (let index = count - 1; index >= 0; index -= 1) {
    events.push(await insertEvent(owner, new Date(base - index * MINUTE)));
  }
  return events.reverse();
}

async function getEvents(apiKey: string | undefined, query: Record<string, string> = {}) {
  const search = new URLSearchParams(query).toString();
  return callRoute(eventsRoute, {
    path: `/v1/movement-requests/events${search ? `?${search}` : ""}`,
    apiKey,
  });
}

async function getPage(apiKey: string, query: Record<string, string> = {}) {
  const response = await getEvents(apiKey, query);
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return { text, page: JSON.parse(text) as Page, response };
}

/** Follows nextCursor to the end; the event ids of every page, in order. */
async function walk(apiKey: string, query: Record<string, string> = {}) {
  const pages: string[][] = [];
  let cursor: string | null = null;
  do {
    const { page }: { page: Page } = await getPage(apiKey, cursor ? { ...query, cursor } : query);
    pages.push(page.data.map((event) => event.eventId));
    cursor = page.nextCursor;
  } while (cursor && pages.length < 100);
  return pages;
}

describe("GET /v1/movement-requests/events", () => {
  describe("replay", () => {
    let tenant: Tenant;
    let events: { id: string; envelope: string | null }[];

    beforeAll(async () => {
      tenant = await createTenant(database.prisma);
      events = await insertSeries(tenant, 3);
      // Internal events (no envelope) between and after the published ones.
      await insertEvent(tenant, new Date(Date.now() - 5 * MINUTE), { envelope: null });
      await insertEvent(tenant, new Date(Date.now() - 11 * MINUTE - 30_000), { envelope: null });
    });

    it("returns the profile's envelopes newest first, byte for byte as stored", async () => {
      const { text, page, response } = await getPage(tenant.integrationKey);
      expect(response.headers.get("content-type")).toBe("application/json");
      expect(response.headers.get("x-request-id")).toBeTruthy();
      expect(page.data.map((event) => event.eventId)).toEqual(events.map((event) => event.id));
      expect(text).toBe(`{"data":[${events.map((event) => event.envelope).join(",")}],"nextCursor":null}`);
    });

    it("keeps escapes, spacing, key order and number forms exactly", async () => {
      const { text } = await getPage(tenant.integrationKey, { limit: "1" });
      expect(text).toContain('"notes":"caf\\u00e9 \\/ \\ud83d\\ude97"');
      expect(text).not.toContain("café");
      expect(text).toContain('"weight":1.0e0');
      expect(text).toContain('{ "eventType" : "movement.collected", "eventId":');
    });

    it("never returns internal events", async () => {
      const { page } = await getPage(tenant.integrationKey);
      expect(page.data).toHaveLength(3);
      expect(page.data.every((event) => events.some(({ id }) => id === event.eventId))).toBe(true);
    });

    it("returns an envelope built by buildMovementEnvelope unchanged", async () => {
      const world = await createMovementWorld(database.prisma);
      const driver = await createDriver(database.prisma, { organisationId: world.organisation.id });
      const request = await createMovementRequest(database.prisma, {
        organisationId: world.organisation.id,
        profileId: world.profile.id,
        originSiteId: world.sites.yokohama.id,
        destinationSiteId: world.sites.leeds.id,
        notes: 'Fahrzeug prüfen — "bitte" <vorsichtig>',
        status: "IN_PROGRESS",
        legs: [{ driverId: driver.id, status: "IN_PROGRESS", originActualOn: new Date("2026-11-21") }],
      });
      const leg = await readCurrentLegForEnvelope(database.kysely, request.id);
      const occurredAt = new Date(Date.now() - MINUTE);
      const built = buildMovementEnvelope({ eventType: "movement.collected", request, leg, occurredAt });
      await insertEvent(world, occurredAt, { id: built.eventId, envelope: built.envelope });

      const { text, page } = await getPage(world.integrationKey);
      expect(text).toBe(`{"data":[${built.envelope}],"nextCursor":null}`);
      expect(page.data[0]).toMatchObject({ eventId: built.eventId, eventType: "movement.collected" });
    });
  });

  describe("since", () => {
    let tenant: Tenant;
    let events: { id: string }[];

    beforeAll(async () => {
      tenant = await createTenant(database.prisma);
      events = await insertSeries(tenant, 5);
    });

    it("returns only events at or after the instant (inclusive)", async () => {
      const third = await database.kysely
        .selectFrom("Event")
        .selectAll()
        .where("id", "=", events[2]!.id)
        .executeTakeFirstOrThrow();
      const { page } = await getPage(tenant.integrationKey, { since: third.occurredAt.toISOString() });
      expect(page.data.map((event) => event.eventId)).toEqual(events.slice(0, 3).map(({ id }) => id));

      const justAfter = new Date(third.occurredAt.getTime() + 1).toISOString();
      const { page: later } = await getPage(tenant.integrationKey, { since: justAfter });
      expect(later.data.map((event) => event.eventId)).toEqual(events.slice(0, 2).map(({ id }) => id));
    });

    it("reads an offset, and sub-millisecond digits, exactly", async () => {
      const third = await database.kysely
        .selectFrom("Event")
        .selectAll()
        .where("id", "=", events[2]!.id)
        .executeTakeFirstOrThrow();
      const at = third.occurredAt;
      const local = new Date(at.getTime() + 2 * 60 * MINUTE).toISOString().replace("Z", "+02:00");
      const { page } = await getPage(tenant.integrationKey, { since: local });
      expect(page.data).toHaveLength(3);
      // 1 µs after the event's millisecond: the event is before since.
      const { page: after } = await getPage(tenant.integrationKey, {
        since: at.toISOString().replace("Z", "001Z"),
      });
      expect(after.data).toHaveLength(2);
    });

    it("gives an empty last page for a since in the future", async () => {
      const { text } = await getPage(tenant.integrationKey, {
        since: new Date(Date.now() + DAY).toISOString(),
      });
      expect(text).toBe('{"data":[],"nextCursor":null}');
    });

    it.each(["yesterday", "2026-11-21", "2026-11-21T09:30:00", "2026-13-01T00:00:00Z", ""])(
      "refuses since %j with 400 VALIDATION_ERROR",
      async (since) => {
        const response = await getEvents(tenant.integrationKey, { since });
        expect(response.status).toBe(400);
        expect(response.headers.get("content-type")).toBe("application/problem+json");
        expect(await response.json()).toMatchObject({
          code: "VALIDATION_ERROR",
          errors: [{ path: "since" }],
        });
      },
    );
  });

  describe("limit and pages", () => {
    let tenant: Tenant;
    let events: { id: string }[];

    beforeAll(async () => {
      tenant = await createTenant(database.prisma);
      events = await insertSeries(tenant, 55);
    });

    it("pages 50 by default", async () => {
      const { page } = await getPage(tenant.integrationKey);
      expect(page.data.map((event) => event.eventId)).toEqual(events.slice(0, 50).map(({ id }) => id));
      expect(page.nextCursor).toEqual(expect.any(String));
    });

    it.each(["1", "250", "007"])("accepts limit %j", async (limit) => {
      const { page } = await getPage(tenant.integrationKey, { limit });
      expect(page.data).toHaveLength(Math.min(Number(limit), 55));
    });

    it.each(["0", "251", "-1", "1.5", "1e2", " 5", "abc", ""])(
      "refuses limit %j with 400 VALIDATION_ERROR",
      async (limit) => {
        const response = await getEvents(tenant.integrationKey, { limit });
        expect(response.status).toBe(400);
        expect(await response.json()).toMatchObject({
          code: "VALIDATION_ERROR",
          errors: [{ path: "limit" }],
        });
      },
    );

    it("walks every event exactly once, in order, and ends with nextCursor null", async () => {
      const pages = await walk(tenant.integrationKey, { limit: "7" });
      expect(pages.map((page) => page.length)).toEqual([7, 7, 7, 7, 7, 7, 7, 6]);
      expect(pages.flat()).toEqual(events.map(({ id }) => id));
    });

    it("gives nextCursor null when the last page is exactly full", async () => {
      const pages = await walk(tenant.integrationKey, { limit: "11" });
      expect(pages.map((page) => page.length)).toEqual([11, 11, 11, 11, 11]);
    });

    it("gives nextCursor null on an empty result", async () => {
      const empty = await createTenant(database.prisma);
      const { text } = await getPage(empty.integrationKey);
      expect(text).toBe('{"data":[],"nextCursor":null}');
    });

    it("orders events of the same millisecond by eventId, and pages through them", async () => {
      const ties = await createTenant(database.prisma);
      const at = new Date(Date.now() - MINUTE);
      const ids = [];
      for (let index = 0; index < 5; index += 1) ids.push((await insertEvent(ties, at)).id);
      const pages = await walk(ties.integrationKey, { limit: "2" });
      expect(pages).toEqual([[ids[4], ids[3]], [ids[2], ids[1]], [ids[0]]]);
    });
  });

  describe("cursor", () => {
    let tenant: Tenant;
    let events: { id: string }[];

    beforeAll(async () => {
      tenant = await createTenant(database.prisma);
      events = await insertSeries(tenant, 20, 60 * MINUTE);
    });

    it("keeps later pages stable while newer events arrive", async () => {
      const growing = await createTenant(database.prisma);
      const before = await insertSeries(growing, 20, 60 * MINUTE);
      const first = await getPage(growing.integrationKey, { limit: "5" });
      expect(first.page.data.map((event) => event.eventId)).toEqual(before.slice(0, 5).map(({ id }) => id));
      // New events, newer than all, arrive between page requests.
      const newer = await insertSeries(growing, 3, MINUTE);
      const second = await getPage(growing.integrationKey, { limit: "5", cursor: first.page.nextCursor! });
      expect(second.page.data.map((event) => event.eventId)).toEqual(before.slice(5, 10).map(({ id }) => id));
      const rest = await walk(growing.integrationKey, { limit: "5", cursor: second.page.nextCursor! });
      expect(rest.flat()).toEqual(before.slice(10).map(({ id }) => id));
      // A new walk starts with them.
      const { page } = await getPage(growing.integrationKey, { limit: "3" });
      expect(page.data.map((event) => event.eventId)).toEqual(newer.map(({ id }) => id));
    });

    it("keeps the since of the walk: the cursor alone, or with the same since", async () => {
      const since = (
        await database.kysely
          .selectFrom("Event")
          .selectAll()
          .where("id", "=", events[9]!.id)
          .executeTakeFirstOrThrow()
      ).occurredAt;
      const first = await getPage(tenant.integrationKey, { limit: "4", since: since.toISOString() });
      const cursor = first.page.nextCursor!;
      const alone = await getPage(tenant.integrationKey, { limit: "4", cursor });
      const repeated = await getPage(tenant.integrationKey, {
        limit: "4",
        cursor,
        since: since.toISOString(),
      });
      expect(alone.text).toBe(repeated.text);
      // Events 4..7, then 8..9: the walk stops at since.
      expect(alone.page.data.map((event) => event.eventId)).toEqual(events.slice(4, 8).map(({ id }) => id));
      const last = await getPage(tenant.integrationKey, { limit: "4", cursor: alone.page.nextCursor! });
      expect(last.page.data.map((event) => event.eventId)).toEqual(events.slice(8, 10).map(({ id }) => id));
      expect(last.page.nextCursor).toBeNull();
    });

    it("refuses a since that differs from the cursor's", async () => {
      const first = await getPage(tenant.integrationKey, { limit: "4" });
      const response = await getEvents(tenant.integrationKey, {
        cursor: first.page.nextCursor!,
        since: new Date(Date.now() - DAY).toISOString(),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: "VALIDATION_ERROR", errors: [{ path: "since" }] });
    });

    it.each([
      ["malformed", () => "not-a-cursor"],
      [
        "tampered",
        (cursor: string) => cursor.slice(0, 3) + (cursor[3] === "A" ? "B" : "A") + cursor.slice(4),
      ],
      ["truncated", (cursor: string) => cursor.slice(0, -2)],
      ["empty", () => ""],
    ])("refuses a %s cursor with 400 VALIDATION_ERROR", async (_, spoil) => {
      const first = await getPage(tenant.integrationKey, { limit: "4" });
      const response = await getEvents(tenant.integrationKey, { cursor: spoil(first.page.nextCursor!) });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: "VALIDATION_ERROR", errors: [{ path: "cursor" }] });
    });

    it("refuses unknown and repeated query parameters", async () => {
      const unknown = await getEvents(tenant.integrationKey, { after: "x" });
      expect(unknown.status).toBe(400);
      expect(await unknown.json()).toMatchObject({ code: "VALIDATION_ERROR" });
      const repeated = await callRoute(eventsRoute, {
        path: "/v1/movement-requests/events?limit=1&limit=2",
        apiKey: tenant.integrationKey,
      });
      expect(repeated.status).toBe(400);
    });
  });

  describe("tenancy", () => {
    it("never returns another profile's or another organisation's events", async () => {
      const tenant = await createTenant(database.prisma);
      const sameOrganisation = await createProfile(database.prisma, {
        organisationId: tenant.organisation.id,
      });
      const sibling = await createApiKey(database.prisma, { profileId: sameOrganisation.id });
      const otherOrganisation = await createTenant(database.prisma);
      const at = new Date(Date.now() - MINUTE);
      const mine = await insertEvent(tenant, at);
      const siblings = await insertEvent(
        { organisation: tenant.organisation, profile: sameOrganisation },
        at,
      );
      const others = await insertEvent(otherOrganisation, at);

      for (const [key, expected] of [
        [tenant.integrationKey, mine.id],
        [sibling.key, siblings.id],
        [otherOrganisation.integrationKey, others.id],
      ] as const) {
        const pages = await walk(key);
        expect(pages.flat()).toEqual([expected]);
      }
    });

    it("applies the caller's profile to a cursor made for another profile", async () => {
      const tenant = await createTenant(database.prisma);
      const other = await createTenant(database.prisma);
      const old = await insertEvent(tenant, new Date(Date.now() - 2 * MINUTE));
      await insertEvent(other, new Date(Date.now() - MINUTE));
      const cursor = encodeEventsCursor({ occurredAt: new Date(), id: newId(), since: null });
      const { page } = await getPage(tenant.integrationKey, { cursor });
      expect(page.data.map((event) => event.eventId)).toEqual([old.id]);
    });
  });

  describe("retention", () => {
    it("hides a FREE organisation's events older than 30 days, even before the purge", async () => {
      const free = await createTenant(database.prisma, { plan: "FREE" });
      const recent = await insertEvent(free, new Date(Date.now() - 29 * DAY));
      await insertEvent(free, new Date(Date.now() - 31 * DAY));
      const pages = await walk(free.integrationKey);
      expect(pages.flat()).toEqual([recent.id]);
      // An explicit older since does not reach past the window either.
      const { page } = await getPage(free.integrationKey, {
        since: new Date(Date.now() - 60 * DAY).toISOString(),
      });
      expect(page.data.map((event) => event.eventId)).toEqual([recent.id]);
    });

    it("keeps a PRO organisation's events for 90 days", async () => {
      const pro = await createTenant(database.prisma, { plan: "PRO" });
      const days31 = await insertEvent(pro, new Date(Date.now() - 31 * DAY));
      const days89 = await insertEvent(pro, new Date(Date.now() - 89 * DAY));
      await insertEvent(pro, new Date(Date.now() - 91 * DAY));
      const pages = await walk(pro.integrationKey, { limit: "1" });
      expect(pages.flat()).toEqual([days31.id, days89.id]);
    });
  });

  describe("authentication", () => {
    it("answers 401 without a key, and with an unknown one", async () => {
      for (const key of [undefined, "vms_not_a_key_at_all_0000000000"]) {
        const response = await getEvents(key);
        expect(response.status).toBe(401);
        expect(await response.json()).toMatchObject({ code: "UNAUTHORIZED" });
      }
    });

    it("answers 403 to an operations-scope key (the endpoint is integration scope)", async () => {
      const tenant = await createTenant(database.prisma);
      const response = await getEvents(tenant.operationsKey);
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ code: "FORBIDDEN" });
    });
  });
});
