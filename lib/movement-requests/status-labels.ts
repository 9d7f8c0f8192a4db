import type { MovementRequestStatus } from "@/lib/generated/prisma/enums";

/** Words for people (tracking page, board), one per status. */
export const STATUS_LABEL: Record<MovementRequestStatus, string> = {
  CREATED: "Awaiting planning",
  SENT_TO_DRIVER: "Offered to a driver",
  SENT_TO_3PL: "Sent to a logistics partner",
  SENT_TO_MARKETPLACE: "Offered on the marketplace",
  SENT_TO_MULTIPLE_DRIVERS: "Offered to drivers",
  ACCEPTED: "Accepted for planning",
  ACCEPTED_SENT_TO_DRIVER: "Accepted by a driver",
  ACCEPTED_SENT_TO_3PL: "Accepted by a logistics partner",
  ACCEPTED_SENT_TO_MARKETPLACE: "Accepted on the marketplace",
  PARTIALLY_PLANNED: "Partly planned",
  PLANNED: "Planned",
  IN_PROGRESS: "On its way",
  DELIVERED: "Delivered",
  ABORTED: "Stopped",
  CANCELLED: "Cancelled",
};
