// Keyset pages of the board (issue #15): for every sort column and direction, walking the Next links
// visits every matching row once in the board's order, walking back from the last page visits them
// in reverse, rows inserted meanwhile neither repeat nor hide a row, and the count stops at 10,000.
import { beforeAll, describe, expect, it } from "vitest";
import { newId } from "@/lib/ids";
import {
  BOARD_COUNT_LIMIT,
  BOARD_MAX_OFFSET,
  BOARD_SORT_COLUMNS,
  LAST_PAGE_CURSOR,
  parseBoardQuery,
  type BoardQuery,
} from "@/lib/movement-requests/board/board-query";
import { exportBoardCsv } from "@/lib/movement-requests/board/export-board-csv";
import { listBoardRows } from "@/lib/movement-requests/board/list-board-rows";
import { createMovementWorld, type MovementWorld } from "@/test/movement-world";
import { setupTestDatabase } from "@/test/test-database";
import { createMovementRequest, createOrganisation } from "@/prisma/factories";
import { createSite } from "@/prisma/factories/site";

const database = setupTestDatabase();
const NOW = new Date("2026-11-20T10:00:00Z");
const PAGE = 4;
let world: MovementWorld;

beforeAll(async () => {
  world = await createMovementWorld(database.prisma);
  const { manchester, leeds, prepCentre } = world.sites;
  const sites = [manchester, leeds, prepCentre];
  // 23 requests with ties and empty values in every sort column, so the id must break them.
  for (let n = 0; n < 23; n++) {
    await createMovementRequest(database.prisma, {
      organisationId: world.organisation.id,
      profileId: world.profile.id,
      status: (["CREATED", "PLANNED", "DELIVERED", "CANCELLED"] as const)[n % 4],
      vrm: n % 5 === 0 ? null : `AB${10 + (n % 3)} CDE`,
      vin: n % 7 === 0 ? null : `WF0XXXGCDX${String(n % 4).padStart(7, "0")}`,
      originSiteId: sites[n % 3]!.id,
      destinationSiteId: sites[(n + 1) % 3]!.id,
      readyToCollectFromDate: new Date(Date.UTC(2026, 10, 1 + (n % 3))),
      readyToCollectFromTimeslot: (["ANYTIME", "AM", "PM"] as const)[n % 3],
      deliveryByDate: new Date(Date.UTC(2026, 10, 5 + (n % 4))),
      estimatedDeliveryDate: n % 3 === 0 ? null : new Date(Date.UTC(2026, 10, 6 + (n % 2))),
      estimatedDeliveryTimeslot: n % 3 === 0 ? null : "PM",
      estimatedCostCents: n % 4 === 0 ? null : 1000 * (n % 3),
      estimatedCostCurrency: n % 4 === 0 ? null : "GBP",
      costCents: n % 2 === 0 ? null : 500 * (n % 5),
      costCurrency: n % 2 === 0 ? null : "GBP",
      createdAt: new Date(Date.UTC(2026, 10, 15, 9, n % 6)),
    });
  }
});

function query(params: Record<string, string>): BoardQuery {
  return parseBoardQuery({ pageSize: String(PAGE), ...params });
}

async function walkForwards(params: Record<string, string>): Promise<string[]> {
  const seen: string[] = [];
  let page = await listBoardRows(world.organisation.id, query(params), NOW);
  for (let guard = 0; guard < 50; guard++) {
    seen.push(...page.rows.map((row) => row.id));
    if (!page.nextCursor) return seen;
    page = await listBoardRows(world.organisation.id, query({ ...params, cursor: page.nextCursor }), NOW);
  }
  throw new Error("The Next links did not end");
}

async function walkBackwards(params: Record<string, string>): Promise<string[]> {
  const seen: string[] = [];
  let page = await listBoardRows(world.organisation.id, query({ ...params, cursor: LAST_PAGE_CURSOR }), NOW);
  for (let guard = 0; guard < 50; guard++) {
    seen.unshift(...page.rows.map((row) => row.id));
    if (!page.previousCursor) return seen;
    page = await listBoardRows(world.organisation.id, query({ ...params, cursor: page.previousCursor }), NOW);
  }
  throw new Error("The Previous links did not end");
}

describe("keyset pages of the board", () => {
  it.each(
    BOARD_SORT_COLUMNS.flatMap((sort) => (["asc", "desc"] as const).map((dir) => [sort, dir] as const)),
  )(
    "sorted by %s %s: Next visits every row once, in the order of one big page, and Previous from the last page too",
    async (sort, dir) => {
      const whole = await listBoardRows(
        world.organisation.id,
        parseBoardQuery({ sort, dir, pageSize: "100" }),
        NOW,
      );
      const expected = whole.rows.map((row) => row.id);
      expect(expected).toHaveLength(23);
      expect(await walkForwards({ sort, dir })).toEqual(expected);
      expect(await walkBackwards({ sort, dir })).toEqual(expected);
    },
  );

  it("keeps its place while rows are inserted: no row twice, none skipped", async () => {
    const params = { sort: "created", dir: "desc", status: "PLANNED,DELIVERED" };
    const before = await walkForwards(params);
    const seen: string[] = [];
    let page = await listBoardRows(world.organisation.id, query(params), NOW);
    let inserted = 0;
    while (true) {
      seen.push(...page.rows.map((row) => row.id));
      // A new request lands on the first page (newest first) between every two page loads.
      await createMovementRequest(database.prisma, {
        organisationId: world.organisation.id,
        profileId: world.profile.id,
        status: "PLANNED",
        originSiteId: world.sites.manchester.id,
        destinationSiteId: world.sites.leeds.id,
        createdAt: new Date(Date.UTC(2026, 10, 19, 12, inserted++)),
      });
      if (!page.nextCursor) break;
      page = await listBoardRows(world.organisation.id, query({ ...params, cursor: page.nextCursor }), NOW);
    }
    expect(seen).toEqual(before);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it("takes a cursor of another sort, or a forged one, as no cursor (the first page)", async () => {
    const first = await listBoardRows(world.organisation.id, query({ sort: "due" }), NOW);
    const other = await listBoardRows(
      world.organisation.id,
      query({ sort: "cost", cursor: first.nextCursor! }),
      NOW,
    );
    const plain = await listBoardRows(world.organisation.id, query({ sort: "cost" }), NOW);
    expect(other.rows.map((row) => row.id)).toEqual(plain.rows.map((row) => row.id));
    const forged = await listBoardRows(
      world.organisation.id,
      query({ cursor: "eyJkIjoiYWZ0ZXIiLCJ2IjpbMV19" }),
      NOW,
    );
    expect(forged.rows).toHaveLength(PAGE);
  });
});

// The walked orders (board-sql.ts): by site name (the sites in name order, each one's rows by id) and
// newest first within a bounded date range (day by day). Checked against the order worked out here.
describe("walked orders: site name, and a date range newest first", () => {
  let walked: MovementWorld;
  type Row = { id: string; createdAt: string; dueDate: string; origin: string; destination: string };
  let all: Row[];

  beforeAll(async () => {
    walked = await createMovementWorld(database.prisma);
    const organisationId = walked.organisation.id;
    // Two sites share a name: their rows interleave by id under that name.
    const twin = await createSite(database.prisma, { organisationId, name: "Leeds" });
    const { manchester, leeds, prepCentre } = walked.sites;
    const sites = [manchester, leeds, twin, prepCentre];
    for (let n = 0; n < 30; n++) {
      await createMovementRequest(database.prisma, {
        organisationId,
        profileId: walked.profile.id,
        status: (["CREATED", "PLANNED", "DELIVERED"] as const)[n % 3],
        originSiteId: sites[n % 4]!.id,
        destinationSiteId: sites[(n * 3 + 1) % 4]!.id,
        readyToCollectFromDate: new Date(Date.UTC(2026, 9, 1 + (n % 9))),
        deliveryByDate: new Date(Date.UTC(2026, 9, 3 + (n % 11))),
        // Ties in createdAt across days, so the id breaks them.
        createdAt: new Date(Date.UTC(2026, 8, 20, 9, n % 7)),
      });
    }
    const page = await listBoardRows(organisationId, parseBoardQuery({ pageSize: "100" }), NOW);
    all = page.rows.map((row) => ({
      id: row.id,
      createdAt: row.createdAt,
      dueDate: row.dueDate,
      origin: row.origin.name,
      destination: row.destination.name,
    }));
    expect(all).toHaveLength(30);
  });

  // The rows were created two months before NOW: a sort other than "created" over every status reads
  // them within a created range of at most a month (board-working-set.ts).
  const CREATED_RANGE = { createdFrom: "2026-09-15", createdTo: "2026-10-15" };

  it("sorts the last week only when no range bounds the rows, and says so", async () => {
    const page = await listBoardRows(walked.organisation.id, query({ sort: "origin", dir: "asc" }), NOW);
    expect(page.rows).toEqual([]);
    expect(page.window).toEqual({ createdFrom: "2026-11-14", createdTo: "2026-11-20", reason: "default" });
    const ranged = await listBoardRows(
      walked.organisation.id,
      query({ sort: "origin", ...CREATED_RANGE }),
      NOW,
    );
    expect(ranged.window).toBeNull();
    expect(ranged.total).toBe(30);
  });

  async function walk(params: Record<string, string>): Promise<[string[], string[]]> {
    const forwards: string[] = [];
    const backwards: string[] = [];
    const id = walked.organisation.id;
    let page = await listBoardRows(id, query(params), NOW);
    for (let guard = 0; page.rows.length && guard < 50; guard++) {
      forwards.push(...page.rows.map((row) => row.id));
      if (!page.nextCursor) break;
      page = await listBoardRows(id, query({ ...params, cursor: page.nextCursor }), NOW);
    }
    page = await listBoardRows(id, query({ ...params, cursor: LAST_PAGE_CURSOR }), NOW);
    for (let guard = 0; page.rows.length && guard < 50; guard++) {
      backwards.unshift(...page.rows.map((row) => row.id));
      if (!page.previousCursor) break;
      page = await listBoardRows(id, query({ ...params, cursor: page.previousCursor }), NOW);
    }
    return [forwards, backwards];
  }

  const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

  it.each([
    ["origin", "asc"],
    ["origin", "desc"],
    ["destination", "asc"],
    ["destination", "desc"],
  ] as const)(
    "sorted by %s %s within a created range: every row once, by site name then id, both ways and by page number",
    async (sort, dir) => {
      const sign = dir === "asc" ? 1 : -1;
      const expected = [...all]
        .sort((a, b) => sign * (compare(a[sort], b[sort]) || compare(a.id, b.id)))
        .map((row) => row.id);
      const [forwards, backwards] = await walk({ sort, dir, ...CREATED_RANGE });
      expect(forwards).toEqual(expected);
      expect(backwards).toEqual(expected);
      const second = await listBoardRows(
        walked.organisation.id,
        query({ sort, dir, page: "2", ...CREATED_RANGE }),
        NOW,
      );
      expect(second.rows.map((row) => row.id)).toEqual(expected.slice(PAGE, 2 * PAGE));
      const filtered = await walk({ sort, dir, status: "PLANNED" });
      const planned = new Set(
        (
          await listBoardRows(
            walked.organisation.id,
            parseBoardQuery({ status: "PLANNED", pageSize: "100" }),
            NOW,
          )
        ).rows.map((row) => row.id),
      );
      expect(filtered[0]).toEqual(expected.filter((id) => planned.has(id)));
      expect(filtered[1]).toEqual(filtered[0]);
    },
  );

  it.each(["desc", "asc"] as const)(
    "a due date range sorted by created %s: every row of the range once, in created order, both ways",
    async (dir) => {
      const sign = dir === "asc" ? 1 : -1;
      const inRange = (row: Row) => row.dueDate >= "2026-10-05" && row.dueDate <= "2026-10-10";
      const expected = all
        .filter(inRange)
        .sort((a, b) => sign * (compare(a.createdAt, b.createdAt) || compare(a.id, b.id)))
        .map((row) => row.id);
      expect(expected.length).toBeGreaterThan(2 * PAGE);
      const params = { sort: "created", dir, dueFrom: "2026-10-05", dueTo: "2026-10-10" };
      const [forwards, backwards] = await walk(params);
      expect(forwards).toEqual(expected);
      expect(backwards).toEqual(expected);
      const second = await listBoardRows(walked.organisation.id, query({ ...params, page: "2" }), NOW);
      expect(second.rows.map((row) => row.id)).toEqual(expected.slice(PAGE, 2 * PAGE));
      // A ready range too, and both at once (the shorter one is walked).
      const both = await walk({ ...params, readyFrom: "2026-10-02", readyTo: "2026-10-30" });
      expect(both[0]).toEqual(both[1]);
      expect(both[0].length).toBeGreaterThan(0);
      expect(both[0].every((id) => expected.includes(id))).toBe(true);
    },
  );

  it("exports the walked orders as the board pages them", async () => {
    const views: Record<string, string>[] = [
      { sort: "origin", dir: "asc", ...CREATED_RANGE },
      { sort: "origin", dir: "desc", status: "PLANNED" },
      { sort: "created", dir: "desc", dueFrom: "2026-10-05", dueTo: "2026-10-10" },
    ];
    for (const params of views) {
      const [forwards] = await walk(params);
      const csv = await exportBoardCsv(walked.organisation.id, query(params), NOW);
      const ids = csv
        .split("\r\n")
        .filter(Boolean)
        .slice(1)
        .map((line) => line.split(",")[0]);
      expect(ids).toEqual(forwards);
    }
  });
});

describe("the bounded count", () => {
  it(
    "is exact up to 10,000, then says 10,000+; a bookmarked deep page is clamped and says so",
    { timeout: 180_000 },
    async () => {
      const organisation = await createOrganisation(database.prisma, {});
      const busy = await createMovementWorld(database.prisma);
      const base = {
        organisationId: busy.organisation.id,
        profileId: busy.profile.id,
        status: "DELIVERED" as const,
        originSiteId: busy.sites.manchester.id,
        destinationSiteId: busy.sites.leeds.id,
        readyToCollectFromDate: new Date("2026-11-01"),
        readyToCollectFromTimeslot: "ANYTIME" as const,
        deliveryByDate: new Date("2026-11-02"),
        deliveryByTimeslot: "ANYTIME" as const,
        businessArea: "Retail" as const,
        transportMethod: "DRIVEN" as const,
        createdBy: "bulk@example.test",
        updatedAt: new Date(),
      };
      // In batches: a statement takes at most 65,535 parameters.
      const make = async (count: number) => {
        for (let made = 0; made < count; made += 1_000) {
          const batch = Math.min(1_000, count - made);
          await database.kysely
            .insertInto("MovementRequest")
            .values(Array.from({ length: batch }, () => ({ ...base, id: newId() })))
            .execute();
        }
      };
      await make(BOARD_COUNT_LIMIT);
      const exact = await listBoardRows(busy.organisation.id, parseBoardQuery({}), NOW);
      expect(exact).toMatchObject({ total: BOARD_COUNT_LIMIT, totalIsCapped: false, pageCount: 400 });

      await make(1);
      const capped = await listBoardRows(busy.organisation.id, parseBoardQuery({}), NOW);
      expect(capped).toMatchObject({
        total: BOARD_COUNT_LIMIT,
        totalIsCapped: true,
        pageCount: null,
        page: 1,
      });
      expect(capped.nextCursor).not.toBeNull();
      // The export reads them in batches (each read while the previous one is written): every row
      // once, in the board's order (one createdAt here, so by id, newest first).
      const csv = await exportBoardCsv(busy.organisation.id, parseBoardQuery({}), NOW);
      const exported = csv
        .split("\r\n")
        .filter(Boolean)
        .slice(1)
        .map((line) => line.split(",")[0]!);
      expect(exported).toHaveLength(BOARD_COUNT_LIMIT + 1);
      expect(exported).toEqual([...exported].sort().reverse());
      expect(new Set(exported).size).toBe(exported.length);

      const deep = await listBoardRows(busy.organisation.id, parseBoardQuery({ page: "2000" }), NOW);
      const deepest = BOARD_MAX_OFFSET / 25 + 1;
      expect(deep).toMatchObject({ clampedFromPage: 2000, page: deepest });
      // Page 401 starts at the offset bound: of the 10,001 rows, one is left for it.
      expect(deep.rows).toHaveLength(BOARD_COUNT_LIMIT + 1 - BOARD_MAX_OFFSET);
      // The organisation with no requests still counts zero.
      expect((await listBoardRows(organisation.id, parseBoardQuery({}), NOW)).total).toBe(0);
    },
  );
});
