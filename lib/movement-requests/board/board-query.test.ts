import { describe, expect, it } from "vitest";
import {
  BOARD_DEFAULTS,
  boardQueryToSearchParams,
  hasFilters,
  NO_FILTERS,
  parseBoardQuery,
} from "@/lib/movement-requests/board/board-query";

describe("parseBoardQuery", () => {
  it("reads control characters in the search as spaces (PostgreSQL refuses a NUL)", () => {
    expect(parseBoardQuery(new URLSearchParams("q=%00AB12%0A%1FCDE%7F")).q).toBe("AB12 CDE");
    expect(parseBoardQuery(new URLSearchParams("q=%00%01")).q).toBeUndefined();
  });

  it("drops a date outside 1900–2999, as it drops one that is not a date", () => {
    const query = parseBoardQuery(
      new URLSearchParams(
        "dueFrom=0000-01-01&dueTo=1899-12-31&readyFrom=3000-01-01&readyTo=2026-02-30" +
          "&createdFrom=9999-12-31&createdTo=1900-01-01",
      ),
    );
    expect([query.dueFrom, query.dueTo, query.readyFrom, query.readyTo, query.createdFrom]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(query.createdTo).toBe("1900-01-01");
  });

  it("gives the defaults for an empty URL", () => {
    const query = parseBoardQuery({});
    expect(query).toMatchObject({ ...BOARD_DEFAULTS, status: [], origin: [], destination: [], late: false });
    expect(query.q).toBeUndefined();
    expect(hasFilters(query)).toBe(false);
  });

  it("reads every parameter", () => {
    const query = parseBoardQuery(
      new URLSearchParams(
        "view=map&page=3&pageSize=50&sort=due&dir=asc&status=CREATED,PLANNED&area=Fleet&method=DRIVEN" +
          "&origin=A1,B2&destination=C3&carrier=none&readyFrom=2026-11-01&readyTo=2026-11-30" +
          "&dueFrom=2026-12-01&dueTo=2026-12-31&late=1&atRisk=1&q=%20ab12%20%20cde%20",
      ),
    );
    expect(query).toEqual({
      view: "map",
      page: 3,
      pageSize: 50,
      sort: "due",
      dir: "asc",
      status: ["CREATED", "PLANNED"],
      area: "Fleet",
      method: "DRIVEN",
      origin: ["A1", "B2"],
      destination: ["C3"],
      carrier: "none",
      readyFrom: "2026-11-01",
      readyTo: "2026-11-30",
      dueFrom: "2026-12-01",
      dueTo: "2026-12-31",
      late: true,
      atRisk: true,
      q: "ab12 cde",
    });
    expect(hasFilters(query)).toBe(true);
    expect(hasFilters({ ...query, ...NO_FILTERS })).toBe(false);
  });

  it("falls back field by field on values it does not know (an old bookmark keeps working)", () => {
    const query = parseBoardQuery({
      page: "-2",
      pageSize: "500",
      sort: "price; drop table",
      dir: "sideways",
      status: "CREATED,NOPE,CREATED",
      area: "Boats",
      readyFrom: "2026-02-30",
      origin: "ok1,not ok!,ok1",
      carrier: "x".repeat(65),
      late: "maybe",
      atRisk: "yes please",
    });
    expect(query).toMatchObject({
      page: 1,
      pageSize: 25,
      sort: "created",
      dir: "desc",
      status: ["CREATED"],
      origin: ["ok1"],
      late: false,
      atRisk: false,
    });
    expect(query.area).toBeUndefined();
    expect(query.readyFrom).toBeUndefined();
    expect(query.carrier).toBeUndefined();
  });

  it("caps the page size at 100 and the search at 100 characters; takes a repeated parameter's first value", () => {
    expect(parseBoardQuery({ pageSize: "100" }).pageSize).toBe(100);
    expect(parseBoardQuery({ pageSize: "101" }).pageSize).toBe(25);
    expect(parseBoardQuery({ q: "x".repeat(300) }).q).toHaveLength(100);
    expect(parseBoardQuery({ status: ["PLANNED", "CREATED"] }).status).toEqual(["PLANNED"]);
    expect(parseBoardQuery(new URLSearchParams("sort=due&sort=status")).sort).toBe("due");
  });
});

describe("boardQueryToSearchParams", () => {
  it("leaves defaults out and round-trips through parseBoardQuery", () => {
    expect(boardQueryToSearchParams(parseBoardQuery({})).toString()).toBe("");
    const url =
      "page=2&pageSize=50&sort=status&dir=asc&status=CREATED%2CPLANNED&area=Retail&late=1&atRisk=1&q=AB12";
    const query = parseBoardQuery(new URLSearchParams(url));
    expect(boardQueryToSearchParams(query).toString()).toBe(url);
    expect(parseBoardQuery(boardQueryToSearchParams(query))).toEqual(query);
  });

  it("can leave the page out (saved views, a new filter starting at page 1)", () => {
    const query = parseBoardQuery({ page: "4", area: "Fleet" });
    expect(boardQueryToSearchParams(query, { omitPage: true }).toString()).toBe("area=Fleet");
  });
});
