// The actions the board offers for one request: the transition table's for its status
// (availableActions), less those its legs rule out for certain. The domain functions refuse those
// anyway, with a message; the board does not offer a button that can only fail. Pure (client-safe).
import type { BoardLeg } from "@/lib/movement-requests/board/get-board-detail";
import type { BoardRow } from "@/lib/movement-requests/board/board-row";
import { legsFor } from "@/lib/movement-requests/leg-transitions";
import { availableActions, type MovementRequestAction } from "@/lib/movement-requests/transitions";

const ASSIGN_ACTIONS = ["planWithDriver", "offerToDrivers", "sendToThirdPartyLogistics"] as const;

/**
 * No collection without an open leg that has a carrier, no delivery without a leg on its way, no
 * assignment once no leg is open. An in-progress request with a later open leg still offers planning
 * and collecting it. The marketplace has a section of its own (components/marketplace): posting there
 * and accepting a marketplace request (through one of its bids) are not among these buttons.
 */
export function offeredActions(detail: {
  row: Pick<BoardRow, "status">;
  legs: Pick<BoardLeg, "status" | "carrier">[];
}): Set<MovementRequestAction> {
  const actions = new Set(availableActions(detail.row.status));
  actions.delete("sendToMarketplace");
  if (detail.row.status === "SENT_TO_MARKETPLACE") actions.delete("accept");
  if (!legsFor("collect", detail.legs).some((leg) => leg.carrier)) actions.delete("collect");
  if (legsFor("deliver", detail.legs).length === 0) actions.delete("deliver");
  if (legsFor("assign", detail.legs).length === 0)
    for (const action of ASSIGN_ACTIONS) actions.delete(action);
  return actions;
}
