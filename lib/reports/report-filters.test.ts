import { describe, expect, it } from "vitest";
import { parseReportFilters, periodOf, reportFiltersQuery } from "@/lib/reports/report-filters";

const NOW = new Date("2031-03-31T10:00:00Z");

describe("the reports' filters", () => {
  it("default to the last 12 weeks, every site and both areas", () => {
    expect(parseReportFilters({}, NOW, "UTC")).toEqual({
      ok: true,
      filters: { from: "2031-01-07", to: "2031-03-31", siteId: null, area: null, zone: "UTC" },
    });
    expect(parseReportFilters(new URLSearchParams("from=&site="), NOW, "UTC")).toMatchObject({ ok: true });
  });

  it("read a shared URL back into the same filters", () => {
    const query = "from=2031-01-01&to=2031-01-31&site=S1&area=Fleet";
    const parsed = parseReportFilters(new URLSearchParams(query), NOW, "UTC");
    expect(parsed).toEqual({
      ok: true,
      filters: { from: "2031-01-01", to: "2031-01-31", siteId: "S1", area: "Fleet", zone: "UTC" },
    });
    if (parsed.ok) {
      expect(reportFiltersQuery(parsed.filters)).toBe(query);
      expect(periodOf(parsed.filters)).toEqual({
        start: new Date("2031-01-01T00:00:00Z"),
        end: new Date("2031-02-01T00:00:00Z"),
      });
    }
  });

  it("take the period's days, and today, in the organisation's time zone", () => {
    const summer = { from: "2031-06-02", to: "2031-06-08", siteId: null, area: null };
    // London is an hour ahead of UTC in June; Chicago five hours behind.
    expect(periodOf({ ...summer, zone: "Europe/London" })).toEqual({
      start: new Date("2031-06-01T23:00:00Z"),
      end: new Date("2031-06-08T23:00:00Z"),
    });
    expect(periodOf({ ...summer, zone: "America/Chicago" })).toEqual({
      start: new Date("2031-06-02T05:00:00Z"),
      end: new Date("2031-06-09T05:00:00Z"),
    });
    // 23:30 UTC on Sunday 1 June is already Monday 2 June in London.
    const lateSunday = new Date("2031-06-01T23:30:00Z");
    expect(parseReportFilters({}, lateSunday, "Europe/London")).toMatchObject({
      filters: { to: "2031-06-02" },
    });
    expect(parseReportFilters({}, lateSunday, "UTC")).toMatchObject({ filters: { to: "2031-06-01" } });
  });

  it("refuse bad values with a message per field, never throw", () => {
    const errors = (raw: Record<string, string | string[]>) => {
      const parsed = parseReportFilters(raw, NOW, "UTC");
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
