// What a customer reads on the tracking page: five plain statuses instead of the fifteen internal ones
// (who the request was offered to, planning states) that mean nothing to them. The one mapping
// table; a test covers every status of the enum.
import type { MovementRequestStatus } from "@/lib/generated/prisma/enums";

export const CUSTOMER_STATUSES = [
  "BOOKED",
  "DRIVER_ASSIGNED",
  "ON_THE_WAY",
  "DELIVERED",
  "CANCELLED",
] as const;

export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];

export const CUSTOMER_STATUS_LABEL: Record<CustomerStatus, string> = {
  BOOKED: "Booked",
  DRIVER_ASSIGNED: "Driver assigned",
  ON_THE_WAY: "Collected / On the way",
  DELIVERED: "Delivered",
  CANCELLED: "Cancelled",
};

export const CUSTOMER_STATUS_OF: Record<MovementRequestStatus, CustomerStatus> = {
  // Taken on, but nobody has said yet who drives it.
  CREATED: "BOOKED",
  ACCEPTED: "BOOKED",
  SENT_TO_DRIVER: "BOOKED",
  SENT_TO_MULTIPLE_DRIVERS: "BOOKED",
  SENT_TO_3PL: "BOOKED",
  SENT_TO_MARKETPLACE: "BOOKED",
  // A carrier accepted, or a dispatcher planned it with a driver.
  ACCEPTED_SENT_TO_DRIVER: "DRIVER_ASSIGNED",
  ACCEPTED_SENT_TO_3PL: "DRIVER_ASSIGNED",
  ACCEPTED_SENT_TO_MARKETPLACE: "DRIVER_ASSIGNED",
  PARTIALLY_PLANNED: "DRIVER_ASSIGNED",
  PLANNED: "DRIVER_ASSIGNED",
  IN_PROGRESS: "ON_THE_WAY",
  DELIVERED: "DELIVERED",
  // A stopped movement will not arrive as booked either: for the customer it is called off.
  ABORTED: "CANCELLED",
  CANCELLED: "CANCELLED",
};

/** The steps of the progress timeline, in order (a cancelled movement shows where it stopped). */
export const CUSTOMER_PROGRESS: readonly CustomerStatus[] = [
  "BOOKED",
  "DRIVER_ASSIGNED",
  "ON_THE_WAY",
  "DELIVERED",
];
