import { describe, expect, it } from "vitest";
import {
  currentPhase,
  expectedArrival,
  isAtRisk,
  nextCheckAt,
  type AtRiskInput,
} from "@/lib/movement-requests/at-risk/at-risk-rule";
import { deadlineOf, readyAt } from "@/lib/movement-requests/at-risk/request-times";
import { MovementRequestStatus } from "@/lib/generated/prisma/enums";

const HOUR = 3_600_000;
const at = (iso: string) => new Date(iso);
// A lane that usually takes 2 h to find a carrier, 6 h from ready to collection and 5 h on the road.
const usual = { toCarrier: 2 * HOUR, toCollection: 6 * HOUR, inTransit: 5 * HOUR };
const base: AtRiskInput = {
  status: "CREATED",
  readyAt: at("2031-03-10T08:00:00Z"),
  deadline: at("2031-03-11T00:00:00Z"),
  statusSince: at("2031-03-10T07:00:00Z"),
  usual,
  now: at("2031-03-10T07:00:00Z"),
};

describe("the at-risk rule", () => {
  it("knows the phase of every status, and none once the request will not move", () => {
    for (const status of Object.values(MovementRequestStatus)) {
      const phase = currentPhase(status);
      if (["DELIVERED", "CANCELLED", "ABORTED"].includes(status)) expect(phase, status).toBeNull();
      else expect(phase, status).not.toBeNull();
    }
    expect(currentPhase("SENT_TO_3PL")).toBe("toCarrier");
    expect(currentPhase("ACCEPTED_SENT_TO_3PL")).toBe("toCollection");
    expect(currentPhase("PARTIALLY_PLANNED")).toBe("toCollection");
    expect(currentPhase("IN_PROGRESS")).toBe("inTransit");
  });

  it("in the pool: the carrier, then collection from the ready time, then the road", () => {
    // 07:00 + 2 h = 09:00 committed; ready since 08:00; + 6 h + 5 h = 20:00.
    expect(expectedArrival(base)).toEqual(at("2031-03-10T20:00:00Z"));
    expect(isAtRisk(base)).toBe(false);
    // Ready only at 16:00: 16 + 6 + 5 = 03:00 next day, after midnight.
    const lateReady = { ...base, readyAt: at("2031-03-10T16:00:00Z") };
    expect(expectedArrival(lateReady)).toEqual(at("2031-03-11T03:00:00Z"));
    expect(isAtRisk(lateReady)).toBe(true);
  });

  it("sent to a carrier that has not accepted: the wait so far counts against the usual", () => {
    const sent = { ...base, status: "SENT_TO_3PL" as const, statusSince: at("2031-03-10T06:00:00Z") };
    // Sent at 06:00, 1 h of the usual 2 h left at 07:00 → 08:00, ready then: 08 + 6 + 5 = 19:00.
    expect(expectedArrival(sent)).toEqual(at("2031-03-10T19:00:00Z"));
    // Waiting far longer than usual: the carrier commits now at the soonest.
    const overdue = { ...sent, now: at("2031-03-10T12:00:00Z") };
    expect(expectedArrival(overdue)).toEqual(at("2031-03-10T23:00:00Z"));
    expect(isAtRisk(overdue)).toBe(false);
    expect(isAtRisk({ ...overdue, now: at("2031-03-10T13:30:00Z") })).toBe(true);
  });

  it("planned: collection counts from the ready time, not from the planning", () => {
    const planned = {
      ...base,
      status: "PLANNED" as const,
      statusSince: at("2031-03-09T10:00:00Z"), // planned the day before
      now: at("2031-03-10T10:00:00Z"),
    };
    // Ready 08:00, 2 h of the 6 spent: 10 + 4 + 5 = 19:00.
    expect(expectedArrival(planned)).toEqual(at("2031-03-10T19:00:00Z"));
    expect(isAtRisk({ ...planned, now: at("2031-03-10T19:30:00Z") })).toBe(true); // not collected by 19:30
  });

  it("on the road: what is left of the usual transit", () => {
    const moving = {
      ...base,
      status: "IN_PROGRESS" as const,
      statusSince: at("2031-03-10T20:00:00Z"),
      now: at("2031-03-10T22:00:00Z"),
    };
    expect(expectedArrival(moving)).toEqual(at("2031-03-11T01:00:00Z"));
    expect(isAtRisk(moving)).toBe(true);
    expect(isAtRisk({ ...moving, deadline: at("2031-03-11T02:00:00Z") })).toBe(false);
  });

  it("never for a delivered, cancelled or aborted request", () => {
    for (const status of ["DELIVERED", "CANCELLED", "ABORTED"] as const) {
      const done = { ...base, status, deadline: at("2000-01-01T00:00:00Z") };
      expect(expectedArrival(done)).toBeNull();
      expect(isAtRisk(done)).toBe(false);
    }
  });
});

describe("the instants it compares", () => {
  const day = at("2031-07-01T00:00:00Z"); // a DATE column's value; London is on BST (+01:00)
  it("ready from 08:00 (AM or any time) or 12:00 (PM), in the origin's zone", () => {
    expect(readyAt(day, "ANYTIME", "Europe/London")).toEqual(at("2031-07-01T07:00:00Z"));
    expect(readyAt(day, "AM", "Europe/London")).toEqual(at("2031-07-01T07:00:00Z"));
    expect(readyAt(day, "PM", "Europe/London")).toEqual(at("2031-07-01T11:00:00Z"));
    expect(readyAt(day, "PM", null)).toEqual(at("2031-07-01T12:00:00Z"));
  });

  it("due by the delivery time, else noon (AM), else the end of the day, in the destination's zone", () => {
    expect(deadlineOf(day, "PM", "16:30", "Europe/London")).toEqual(at("2031-07-01T15:30:00Z"));
    expect(deadlineOf(day, "AM", null, "Europe/London")).toEqual(at("2031-07-01T11:00:00Z"));
    expect(deadlineOf(day, "ANYTIME", null, "Europe/London")).toEqual(at("2031-07-01T23:00:00Z"));
    expect(deadlineOf(day, "PM", null, "America/Chicago")).toEqual(at("2031-07-02T05:00:00Z"));
    expect(deadlineOf(day, "ANYTIME", null, null)).toEqual(at("2031-07-02T00:00:00Z"));
  });
});

describe("the next check", () => {
  const STEP = 15 * 60_000;
  const MINUTE = 60_000;
  /** The first minute after `now` at which a measurement would differ from this one's (brute force). */
  function firstChange(input: AtRiskInput, storedArrival: Date): number | null {
    const atRisk = isAtRisk(input);
    for (let t = input.now.getTime() + MINUTE; t <= input.deadline.getTime(); t += MINUTE) {
      const later = { ...input, now: new Date(t) };
      const arrival = expectedArrival(later)!.getTime();
      if (isAtRisk(later) !== atRisk || Math.abs(arrival - storedArrival.getTime()) >= STEP) return t;
    }
    return null;
  }

  it("comes no later than the first change and at most a minute before it, for every status and clock", () => {
    const statuses = Object.values(MovementRequestStatus).filter(
      (status) => !["DELIVERED", "CANCELLED", "ABORTED"].includes(status),
    );
    let seed = 36;
    const next = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    for (let round = 0; round < 400; round++) {
      const now = at("2031-03-10T12:00:00Z").getTime();
      const input: AtRiskInput = {
        status: statuses[round % statuses.length]!,
        readyAt: new Date(now + (next() - 0.5) * 48 * HOUR),
        deadline: new Date(now + next() * 60 * HOUR),
        // Mostly before now; sometimes after (a clock ahead of the pass's).
        statusSince: new Date(now - (next() - 0.1) * 30 * HOUR),
        usual: {
          toCarrier: next() * 8 * HOUR,
          toCollection: next() * 30 * HOUR,
          inTransit: next() * 20 * HOUR + 0.5,
        },
        now: new Date(now),
      };
      const arrival = expectedArrival(input)!;
      // As the pass leaves it: written when it moved a step, else the one stored.
      const stored = next() < 0.5 ? arrival : new Date(arrival.getTime() - next() * (STEP - 1));
      const check = nextCheckAt(input, { storedArrival: stored, arrivalStep: STEP });
      const change = firstChange(input, stored);
      const label = JSON.stringify({ round, input, stored, check, change });
      if (change === null) {
        if (check !== null) expect(check.getTime(), label).toBeLessThanOrEqual(input.deadline.getTime());
        continue;
      }
      expect(check, label).not.toBeNull();
      expect(check!.getTime(), label).toBeLessThanOrEqual(change);
      if (input.statusSince.getTime() <= now)
        expect(check!.getTime(), label).toBeGreaterThan(change - 2 * MINUTE);
    }
  });
});
