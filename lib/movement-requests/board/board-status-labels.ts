// The board's words for statuses: short enough for a dense column, in a dispatcher's vocabulary
// ("partner" is a third-party logistics provider; "aborted" is what the abort action does). The public
// tracking page keeps its customer-facing words (lib/movement-requests/status-labels.ts).
import type { MovementRequestStatus } from "@/lib/generated/prisma/enums";

export const BOARD_STATUS_LABEL: Record<MovementRequestStatus, string> = {
  CREATED: "Awaiting planning",
  ACCEPTED: "Accepted for planning",
  SENT_TO_DRIVER: "Offered to driver",
  SENT_TO_MULTIPLE_DRIVERS: "Offered to drivers",
  SENT_TO_3PL: "Sent to partner",
  SENT_TO_MARKETPLACE: "On marketplace",
  ACCEPTED_SENT_TO_DRIVER: "Driver accepted",
  ACCEPTED_SENT_TO_3PL: "Partner accepted",
  ACCEPTED_SENT_TO_MARKETPLACE: "Marketplace accepted",
  PARTIALLY_PLANNED: "Partly planned",
  PLANNED: "Planned",
  IN_PROGRESS: "On its way",
  DELIVERED: "Delivered",
  ABORTED: "Aborted",
  CANCELLED: "Cancelled",
};

/** The board's status filter groups the lifecycle by what a dispatcher has to do next. */
export type BoardStatusGroup = "planning" | "waiting" | "planned" | "moving" | "finished";

export const BOARD_STATUS_GROUP_LABEL: Record<BoardStatusGroup, string> = {
  planning: "Needs planning",
  waiting: "Waiting for a carrier",
  planned: "Planned or accepted",
  moving: "On the road",
  finished: "Finished",
};

/** In lifecycle order within each group. */
const GROUP_OF: Record<MovementRequestStatus, BoardStatusGroup> = {
  CREATED: "planning",
  ACCEPTED: "planning",
  SENT_TO_DRIVER: "waiting",
  SENT_TO_MULTIPLE_DRIVERS: "waiting",
  SENT_TO_3PL: "waiting",
  SENT_TO_MARKETPLACE: "waiting",
  PARTIALLY_PLANNED: "planned",
  PLANNED: "planned",
  ACCEPTED_SENT_TO_DRIVER: "planned",
  ACCEPTED_SENT_TO_3PL: "planned",
  ACCEPTED_SENT_TO_MARKETPLACE: "planned",
  IN_PROGRESS: "moving",
  DELIVERED: "finished",
  ABORTED: "finished",
  CANCELLED: "finished",
};

/** Every status (the record above is exhaustive by its type), in the groups' and the lifecycle's order. */
export const BOARD_STATUS_GROUPS: { label: string; statuses: MovementRequestStatus[] }[] = (
  Object.keys(BOARD_STATUS_GROUP_LABEL) as BoardStatusGroup[]
).map((group) => ({
  label: BOARD_STATUS_GROUP_LABEL[group],
  statuses: (Object.keys(GROUP_OF) as MovementRequestStatus[]).filter((status) => GROUP_OF[status] === group),
}));
