import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PoolPlanStatus } from "@/lib/generated/prisma/enums";
import {
  canTransitionPlan,
  POOL_PLAN_INITIAL_STATUS,
  POOL_PLAN_TRANSITIONS,
  poolPlanMermaid,
} from "@/lib/planning/plan-transitions";

describe("the pool plan transition table", () => {
  it("reaches every status from the initial one", () => {
    const reached = new Set<string>([POOL_PLAN_INITIAL_STATUS]);
    for (const table of Object.values(POOL_PLAN_TRANSITIONS)) {
      for (const targets of Object.values<readonly string[]>(table))
        targets.forEach((status) => reached.add(status));
    }
    expect([...reached].sort()).toEqual(Object.values(PoolPlanStatus).sort());
  });

  it.each([
    ["plan", "PLANNING", "PROPOSED", true],
    ["fail", "PLANNING", "FAILED", true],
    ["fail", "PROPOSED", "FAILED", false],
    ["replan", "PROPOSED", "PLANNING", true],
    ["replan", "PARTLY_ACCEPTED", "PLANNING", false],
    ["accept", "PLANNING", "PARTLY_ACCEPTED", false],
    ["accept", "PROPOSED", "PARTLY_ACCEPTED", true],
    ["accept", "PARTLY_ACCEPTED", "ACCEPTED", true],
    ["accept", "ACCEPTED", "ACCEPTED", false],
    ["accept", "EXPIRED", "PARTLY_ACCEPTED", false],
    ["expire", "PROPOSED", "EXPIRED", true],
    ["expire", "ACCEPTED", "EXPIRED", false],
  ] as const)("%s from %s to %s: %s", (action, from, to, allowed) => {
    expect(canTransitionPlan(action, from, to)).toBe(allowed);
  });

  it("is drawn in docs/planning.md", () => {
    const doc = readFileSync(path.join(process.cwd(), "docs", "planning.md"), "utf8");
    expect(doc).toContain("```mermaid\n" + poolPlanMermaid() + "\n```");
  });
});
