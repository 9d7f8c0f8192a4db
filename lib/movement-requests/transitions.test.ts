import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MovementRequestStatus } from "@/lib/generated/prisma/enums";
import {
  allowedTargets,
  assertTransition,
  CALLED_OFF_STATUSES,
  availableActions,
  isEditable,
  lifecycleMermaid,
  MOVEMENT_REQUEST_TRANSITIONS,
  type MovementRequestAction,
} from "@/lib/movement-requests/transitions";
import { TERMINAL_STATUSES } from "@/lib/schemas/movement-wire";
import { AppError } from "@/lib/errors/app-error";

const ALL_STATUSES = Object.values(MovementRequestStatus);
const ACTIONS = Object.keys(MOVEMENT_REQUEST_TRANSITIONS) as MovementRequestAction[];

describe("the movement request transition table", () => {
  it("gives every non-terminal status a way forward, and none to a terminal one", () => {
    for (const status of ALL_STATUSES) {
      if (TERMINAL_STATUSES.includes(status)) expect(availableActions(status), status).toEqual([]);
      else expect(availableActions(status).length, status).toBeGreaterThan(0);
    }
  });

  it("reaches every status of the specification", () => {
    const reached = new Set<string>(["CREATED", "SENT_TO_3PL"]);
    for (const action of ACTIONS) {
      for (const status of ALL_STATUSES)
        for (const target of allowedTargets(action, status)) reached.add(target);
    }
    expect([...reached].sort()).toEqual([...ALL_STATUSES].sort());
  });

  it.each([
    ["accept", "CREATED", "ACCEPTED"],
    ["accept", "SENT_TO_3PL", "ACCEPTED_SENT_TO_3PL"],
    ["accept", "SENT_TO_MULTIPLE_DRIVERS", "ACCEPTED_SENT_TO_DRIVER"],
    ["planWithDriver", "CREATED", "PLANNED"],
    ["planWithDriver", "ACCEPTED", "PARTIALLY_PLANNED"],
    ["sendToThirdPartyLogistics", "CREATED", "SENT_TO_3PL"],
    ["collect", "PLANNED", "IN_PROGRESS"],
    ["collect", "ACCEPTED_SENT_TO_3PL", "IN_PROGRESS"],
    ["deliver", "IN_PROGRESS", "DELIVERED"],
    ["abort", "IN_PROGRESS", "ABORTED"],
    ["abort", "SENT_TO_3PL", "ABORTED"],
    ["cancel", "CREATED", "CANCELLED"],
    ["cancel", "ACCEPTED_SENT_TO_3PL", "CANCELLED"],
  ] as const)("%s takes %s to %s", (action, from, to) => {
    expect(() => assertTransition(action, from, to)).not.toThrow();
  });

  it.each([
    ["cancel", "IN_PROGRESS", "CANCELLED"],
    ["cancel", "DELIVERED", "CANCELLED"],
    ["abort", "CREATED", "ABORTED"],
    ["abort", "ACCEPTED", "ABORTED"],
    ["abort", "DELIVERED", "ABORTED"],
    ["collect", "CREATED", "IN_PROGRESS"],
    ["collect", "SENT_TO_3PL", "IN_PROGRESS"],
    ["deliver", "PLANNED", "DELIVERED"],
    ["accept", "ACCEPTED_SENT_TO_3PL", "ACCEPTED_SENT_TO_3PL"],
    ["sendToThirdPartyLogistics", "PLANNED", "SENT_TO_3PL"],
  ] as const)("%s refuses %s (to %s) with 409 INVALID_STATUS_TRANSITION", (action, from, to) => {
    expect(() => assertTransition(action, from, to)).toThrow(
      expect.objectContaining({ code: "INVALID_STATUS_TRANSITION" }) as AppError,
    );
  });

  it("refuses a target the action does not lead to, even from an allowed status", () => {
    expect(() => assertTransition("accept", "CREATED", "PLANNED")).toThrow(AppError);
  });

  it("calls a request off exactly where abort and cancel lead", () => {
    const targets = new Set(
      (["abort", "cancel"] as const).flatMap((action) =>
        ALL_STATUSES.flatMap((status) => allowedTargets(action, status)),
      ),
    );
    expect([...targets].sort()).toEqual([...CALLED_OFF_STATUSES].sort());
  });

  it("allows edits until collection only", () => {
    const editable = ALL_STATUSES.filter(isEditable);
    expect(editable).not.toContain("IN_PROGRESS");
    for (const status of TERMINAL_STATUSES) expect(editable).not.toContain(status);
    expect(editable).toContain("CREATED");
    expect(editable).toContain("ACCEPTED_SENT_TO_3PL");
  });
});

describe("docs/api.md", () => {
  it("draws exactly this table", () => {
    const doc = readFileSync("docs/api.md", "utf8");
    expect(doc).toContain("```mermaid\n" + lifecycleMermaid() + "\n```");
  });
});
