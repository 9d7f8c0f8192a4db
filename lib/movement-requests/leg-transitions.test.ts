import { describe, expect, it } from "vitest";
import { MovementStatus } from "@/lib/generated/prisma/enums";
import {
  collectBlocker,
  currentLeg,
  LEG_TRANSITIONS,
  legAllows,
  legsFor,
  type LegAction,
} from "@/lib/movement-requests/leg-transitions";
import { LEG_INITIAL_STATUS, WEBHOOK_MOVEMENT_STATUSES } from "@/lib/schemas/movement-wire";
import { MOVEMENT_REQUEST_TRANSITIONS } from "@/lib/movement-requests/transitions";

const ACTIONS = Object.keys(LEG_TRANSITIONS) as LegAction[];
const leg = (legNumber: number, status: MovementStatus) => ({ legNumber, status });

describe("the movement leg transition table", () => {
  it("reaches every status from the initial one", () => {
    const reached = new Set<string>([LEG_INITIAL_STATUS]);
    for (const action of ACTIONS) {
      const { to } = LEG_TRANSITIONS[action];
      if (to) reached.add(to);
    }
    expect([...reached].sort()).toEqual(Object.values(MovementStatus).sort());
  });

  it("publishes an event for every status change, and the webhook statuses are where they lead", () => {
    const published = ACTIONS.flatMap((action) => {
      const { to, event } = LEG_TRANSITIONS[action];
      expect(to === null, action).toBe(event === null);
      return to ? [to] : [];
    });
    expect([...published].sort()).toEqual([...WEBHOOK_MOVEMENT_STATUSES].sort());
    expect(WEBHOOK_MOVEMENT_STATUSES).not.toContain(LEG_INITIAL_STATUS);
  });

  it("names only actions the request's table has, besides assign", () => {
    for (const action of ACTIONS.filter((name) => name !== "assign")) {
      expect(Object.keys(MOVEMENT_REQUEST_TRANSITIONS)).toContain(action);
    }
  });

  it.each([
    ["assign", "OPEN", true],
    ["assign", "IN_PROGRESS", false],
    ["collect", "OPEN", true],
    ["collect", "DELIVERED", false],
    ["deliver", "IN_PROGRESS", true],
    ["deliver", "OPEN", false],
    ["abort", "IN_PROGRESS", true],
    ["abort", "DELIVERED", false],
    ["cancel", "OPEN", true],
    ["cancel", "IN_PROGRESS", false],
  ] as const)("%s on a leg %s: %s", (action, status, allowed) => {
    expect(legAllows(action, status)).toBe(allowed);
  });

  it("picks legs, the current leg and the leg that blocks a collection", () => {
    const legs = [leg(1, "DELIVERED"), leg(2, "IN_PROGRESS"), leg(3, "OPEN")];
    expect(legsFor("abort", legs).map((l) => l.legNumber)).toEqual([2, 3]);
    expect(currentLeg(legs)?.legNumber).toBe(2);
    expect(currentLeg([leg(1, "DELIVERED"), leg(2, "DELIVERED")])?.legNumber).toBe(2);
    expect(collectBlocker(legs, { legNumber: 3 })?.legNumber).toBe(2);
    expect(collectBlocker(legs, { legNumber: 2 })).toBeUndefined();
  });
});
