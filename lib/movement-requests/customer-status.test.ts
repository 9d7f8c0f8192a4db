import { describe, expect, it } from "vitest";
import { MovementRequestStatus } from "@/lib/generated/prisma/enums";
import {
  CUSTOMER_PROGRESS,
  CUSTOMER_STATUS_LABEL,
  CUSTOMER_STATUS_OF,
  CUSTOMER_STATUSES,
} from "@/lib/movement-requests/customer-status";
import { STATUS_LABEL } from "@/lib/movement-requests/status-labels";

describe("the customer-facing status", () => {
  it.each(Object.values(MovementRequestStatus))("maps %s to one of the five customer statuses", (status) => {
    expect(CUSTOMER_STATUSES).toContain(CUSTOMER_STATUS_OF[status]);
  });

  it("maps each status as a customer would read it", () => {
    expect(CUSTOMER_STATUS_OF).toEqual({
      CREATED: "BOOKED",
      ACCEPTED: "BOOKED",
      SENT_TO_DRIVER: "BOOKED",
      SENT_TO_MULTIPLE_DRIVERS: "BOOKED",
      SENT_TO_3PL: "BOOKED",
      SENT_TO_MARKETPLACE: "BOOKED",
      ACCEPTED_SENT_TO_DRIVER: "DRIVER_ASSIGNED",
      ACCEPTED_SENT_TO_3PL: "DRIVER_ASSIGNED",
      ACCEPTED_SENT_TO_MARKETPLACE: "DRIVER_ASSIGNED",
      PARTIALLY_PLANNED: "DRIVER_ASSIGNED",
      PLANNED: "DRIVER_ASSIGNED",
      IN_PROGRESS: "ON_THE_WAY",
      DELIVERED: "DELIVERED",
      ABORTED: "CANCELLED",
      CANCELLED: "CANCELLED",
    });
  });

  it("never shows an internal status name", () => {
    const internal = new Set(Object.values(STATUS_LABEL));
    for (const label of Object.values(CUSTOMER_STATUS_LABEL)) {
      if (label === "Delivered" || label === "Cancelled") continue; // the same word for both audiences
      expect(internal).not.toContain(label);
    }
    expect(Object.values(CUSTOMER_STATUS_LABEL)).toEqual([
      "Booked",
      "Driver assigned",
      "Collected / On the way",
      "Delivered",
      "Cancelled",
    ]);
  });

  it("draws the timeline from booking to delivery, in order", () => {
    expect(CUSTOMER_PROGRESS).toEqual(["BOOKED", "DRIVER_ASSIGNED", "ON_THE_WAY", "DELIVERED"]);
  });
});
