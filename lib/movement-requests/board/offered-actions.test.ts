import { describe, expect, it } from "vitest";
import { offeredActions } from "@/lib/movement-requests/board/offered-actions";
import type { BoardLeg } from "@/lib/movement-requests/board/get-board-detail";
import type { MovementRequestStatus } from "@/lib/movement-requests/transitions";

const driver = { type: "DRIVER" as const, id: "D1", name: "Ann Archer" };
const leg = (status: BoardLeg["status"], carrier: BoardLeg["carrier"] = null) => ({ status, carrier });
const offered = (status: MovementRequestStatus, legs: ReturnType<typeof leg>[]) =>
  [...offeredActions({ row: { status }, legs })].sort();

describe("offeredActions", () => {
  it("offers the transition table's actions, never the marketplace", () => {
    expect(offered("CREATED", [leg("OPEN")])).toEqual(
      ["accept", "cancel", "offerToDrivers", "planWithDriver", "sendToThirdPartyLogistics"].sort(),
    );
    expect(offered("SENT_TO_3PL", [leg("OPEN", { ...driver, type: "THIRD_PARTY_LOGISTICS" })])).toEqual(
      ["abort", "accept", "cancel"].sort(),
    );
    expect(offered("DELIVERED", [leg("DELIVERED", driver)])).toEqual([]);
    // Accepted through one of its bids, in the marketplace section.
    expect(offered("SENT_TO_MARKETPLACE", [leg("OPEN")])).toEqual(["abort", "cancel"]);
  });

  it("leaves out what the legs rule out: collecting without a carrier, delivering nothing on its way", () => {
    expect(offered("PLANNED", [leg("OPEN", driver)])).toEqual(
      ["abort", "cancel", "collect", "planWithDriver"].sort(),
    );
    expect(offered("PARTIALLY_PLANNED", [leg("OPEN", driver), leg("OPEN")])).toEqual(
      ["abort", "cancel", "collect", "planWithDriver"].sort(),
    );
    // One leg, on its way: deliver or abort; nothing left to plan or collect.
    expect(offered("IN_PROGRESS", [leg("IN_PROGRESS", driver)])).toEqual(["abort", "deliver"]);
    // First leg delivered, second open without a carrier: plan it; it cannot be collected yet.
    expect(offered("IN_PROGRESS", [leg("DELIVERED", driver), leg("OPEN")])).toEqual([
      "abort",
      "planWithDriver",
    ]);
  });
});
