import { describe, expect, it } from "vitest";
import { parseBoardQuery } from "@/lib/movement-requests/board/board-query";
import {
  SORT_WINDOW_DAYS,
  SORT_WINDOW_MAX_DAYS,
  withWorkingSet,
} from "@/lib/movement-requests/board/board-working-set";

const TODAY = "2026-11-29";
const windowOf = (params: string) => withWorkingSet(parseBoardQuery(new URLSearchParams(params)), TODAY);

describe("the board's working set", () => {
  it("leaves the created order alone: it pages through every request by its index", () => {
    expect(windowOf("").window).toBeNull();
    expect(windowOf("sort=created&dir=asc&status=DELIVERED").window).toBeNull();
  });

  it.each([
    ["open statuses only", "sort=cost&dir=desc&status=CREATED,PLANNED,IN_PROGRESS"],
    ["late only", "sort=due&dir=asc&late=1"],
    ["at risk only", "sort=due&dir=asc&atRisk=1"],
    ["a search", "sort=vehicle&dir=asc&q=AB12"],
    ["a deadline range of a month", "sort=cost&dir=asc&dueFrom=2026-11-01&dueTo=2026-12-01"],
    ["a ready range of a day", "sort=origin&dir=asc&readyFrom=2026-11-29&readyTo=2026-11-29"],
    ["a created range of a week", "sort=status&dir=asc&createdFrom=2026-11-20&createdTo=2026-11-26"],
    ["created since four weeks ago", "sort=status&dir=asc&createdFrom=2026-11-01"],
  ])("reads a bounded set as it is: %s", (_, params) => {
    const { query, window } = windowOf(params);
    expect(window).toBeNull();
    expect(query).toEqual(parseBoardQuery(new URLSearchParams(params)));
  });

  it("sorts the last week when nothing bounds the rows (any status, or a terminal one)", () => {
    for (const params of ["sort=cost&dir=desc", "sort=cost&dir=desc&status=DELIVERED,PLANNED"]) {
      const { query, window } = windowOf(params);
      expect(window).toEqual({ createdFrom: "2026-11-23", createdTo: TODAY, reason: "default" });
      expect([query.createdFrom, query.createdTo]).toEqual(["2026-11-23", TODAY]);
    }
    expect([SORT_WINDOW_DAYS, SORT_WINDOW_MAX_DAYS]).toEqual([7, 31]);
  });

  it("cuts a created range longer than a month, keeping the end the user gave (or the start)", () => {
    expect(windowOf("sort=cost&createdFrom=2025-01-01&createdTo=2025-12-31").window).toEqual({
      createdFrom: "2025-12-01",
      createdTo: "2025-12-31",
      reason: "narrowed",
    });
    expect(windowOf("sort=cost&createdFrom=2025-01-01").window).toEqual({
      createdFrom: "2025-01-01",
      createdTo: "2025-01-31",
      reason: "narrowed",
    });
    expect(windowOf("sort=cost&createdTo=2026-06-30").window?.createdFrom).toBe("2026-05-31");
    expect(windowOf("sort=cost&createdFrom=2026-10-01&createdTo=2026-11-01").window?.reason).toBe("narrowed");
  });

  it("does not count a long deadline range, or an open status beside a terminal one, as a bound", () => {
    expect(windowOf("sort=due&dueFrom=2026-10-01&dueTo=2026-11-30").window?.reason).toBe("default");
    expect(windowOf("sort=due&status=CREATED,CANCELLED").window?.reason).toBe("default");
  });
});
