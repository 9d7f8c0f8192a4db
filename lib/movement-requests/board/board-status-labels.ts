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
