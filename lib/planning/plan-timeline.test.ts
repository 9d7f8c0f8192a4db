import { describe, expect, it } from "vitest";
import type { PlannedMove } from "@/lib/planning/model";
import { timelineDays, timelineHours } from "@/lib/planning/plan-timeline";

const move = (requestId: string, collectAt: string, deliverAt: string, lateMinutes = 0): PlannedMove => ({
  requestId,
  collectAt,
  deliverAt,
  lateMinutes,
});

describe("a driver's timeline", () => {
  it("puts each move on its shift day at the home clock, in minutes of that day", () => {
    // London in summer (BST, UTC+1): 07:30 UTC is 08:30 there.
    const days = timelineDays(
      [
        move("a", "2027-06-07T07:30:00Z", "2027-06-07T09:05:00Z"),
        move("b", "2027-06-07T10:00:00Z", "2027-06-07T11:00:00Z", 15),
        move("c", "2027-06-08T12:00:00Z", "2027-06-08T13:30:00Z"),
      ],
      "Europe/London",
    );
    expect(days).toEqual([
      {
        day: "2027-06-07",
        moves: [
          { requestId: "a", startMinute: 510, endMinute: 605, lateMinutes: 0 },
          { requestId: "b", startMinute: 660, endMinute: 720, lateMinutes: 15 },
        ],
      },
      { day: "2027-06-08", moves: [{ requestId: "c", startMinute: 780, endMinute: 870, lateMinutes: 0 }] },
    ]);
  });

  it("runs a delivery after midnight to the end of its day, and widens the axis to hold it", () => {
    const days = timelineDays([move("late", "2027-01-11T21:00:00Z", "2027-01-12T01:00:00Z")], null);
    expect(days[0]!.moves[0]).toMatchObject({ startMinute: 1260, endMinute: 1440 });
    expect(timelineHours(days)).toEqual({ from: 6, to: 24 });
    expect(timelineHours([])).toEqual({ from: 6, to: 18 });
    expect(
      timelineHours(timelineDays([move("early", "2027-01-11T04:45:00Z", "2027-01-11T06:00:00Z")], null)),
    ).toEqual({
      from: 4,
      to: 18,
    });
  });
});
