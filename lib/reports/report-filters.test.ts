import { describe, expect, it } from "vitest";
import { parseReportFilters, periodOf, reportFiltersQuery } from "@/lib/reports/report-filters";

const NOW = new Date("2031-03-31T10:00:00Z");

describe("the reports' filters", () => {
  it("default to the last 12 weeks, every site and both areas", () => {
    expect(parseReportFilters({}, NOW)).toEqual({
      ok: true,
      filters: { from: "2031-01-07", to: "2031-03-31", siteId: null, area: null },
    });
    expect(parseReportFilters(new URLSearchParams("from=&site="), NOW)).toMatchObject({ ok: true });
  });

  it("read a shared URL back into the same filters", () => {
    const query = "from=2031-01-01&to=2031-01-31&site=S1&area=Fleet";
    const parsed = parseReportFilters(new URLSearchParams(query), NOW);
    expect(parsed).toEqual({
      ok: true,
      filters: { from: "2031-01-01", to: "2031-01-31", siteId: "S1", area: "Fleet" },
    });
    if (parsed.ok) {
      expect(reportFiltersQuery(parsed.filters)).toBe(query);
      expect(periodOf(parsed.filters)).toEqual({
        start: new Date("2031-01-01T00:00:00Z"),
        end: new Date("2031-02-01T00:00:00Z"),
      });
    }
  });

  it("refuse bad values with a message per field, never throw", () => {
    const errors = (raw: Record<string, string | string[]>) => {
      const parsed = parseReportFilters(raw, NOW);
      return parsed.ok ? [] : parsed.errors.map((error) => error.field);
    };
    expect(errors({ from: "yesterday" })).toEqual(["from"]);
    expect(errors({ from: "2031-02-01", to: "2031-01-01" })).toEqual(["from"]);
    expect(errors({ to: "2031-01-01" })).toEqual([]);
    expect(errors({ area: "Wholesale" })).toEqual(["area"]);
    expect(errors({ site: ["a", "b"] })).toEqual(["site"]);
    expect(errors({ from: "2020-01-01", to: "2031-01-01" })).toEqual(["from"]);
    expect(errors({ colour: "red" })).toEqual(["colour"]);
  });
});
