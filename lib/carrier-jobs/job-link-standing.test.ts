// A job link's standing and actions, from the link and the request alone (no database).
import { describe, expect, it } from "vitest";
import {
  jobActions,
  jobLinkStanding,
  type StandingLeg,
  type StandingRequest,
} from "@/lib/carrier-jobs/job-link-standing";

const now = new Date("2026-11-25T12:00:00Z");
const day = 86_400_000;
const ann = {
  driverId: "ann",
  thirdPartyLogisticsProviderId: null,
  marketplaceCarrierId: null,
  revokedAt: null,
  declinedAt: null,
};
const leg = (overrides: Partial<StandingLeg> = {}): StandingLeg => ({
  legNumber: 1,
  status: "OPEN",
  driverId: null,
  thirdPartyLogisticsProviderId: null,
  marketplaceCarrierId: null,
  ...overrides,
});
const request = (overrides: Partial<StandingRequest> = {}): StandingRequest => ({
  status: "SENT_TO_DRIVER",
  endedAt: null,
  legs: [leg({ driverId: "ann" })],
  offeredDriverIds: ["ann"],
  ...overrides,
});

describe("job link standing", () => {
  it("an open offer: accept or decline", () => {
    expect(jobLinkStanding(ann, request(), now)).toBe("active");
    expect(jobActions(ann, request(), now)).toEqual(["accept", "decline"]);
  });

  it("a multi-driver offer: every offered driver may accept; once won, the others see it taken", () => {
    const open = request({
      status: "SENT_TO_MULTIPLE_DRIVERS",
      legs: [leg()],
      offeredDriverIds: ["ann", "bob"],
    });
    expect(jobActions(ann, open, now)).toEqual(["accept", "decline"]);
    const won = { ...open, status: "ACCEPTED_SENT_TO_DRIVER" as const, legs: [leg({ driverId: "bob" })] };
    expect(jobLinkStanding(ann, won, now)).toBe("taken");
    expect(jobActions(ann, won, now)).toEqual([]);
  });

  it("the offer gone to someone else, or revoked: gone", () => {
    const elsewhere = request({
      status: "PLANNED",
      legs: [leg({ driverId: "bob" })],
      offeredDriverIds: null,
    });
    expect(jobLinkStanding(ann, elsewhere, now)).toBe("gone");
    expect(jobLinkStanding({ ...ann, revokedAt: now }, request(), now)).toBe("gone");
  });

  it("accepted, collected: the leg table's next steps; 7 days after the end, gone", () => {
    const accepted = request({ status: "ACCEPTED_SENT_TO_DRIVER" });
    expect(jobActions(ann, accepted, now)).toEqual(["collected", "aborted"]);
    const moving = request({
      status: "IN_PROGRESS",
      legs: [leg({ driverId: "ann", status: "IN_PROGRESS" })],
    });
    expect(jobActions(ann, moving, now)).toEqual(["delivered", "aborted"]);
    const ended = new Date(now.getTime() - 7 * day + 1000);
    const delivered = request({
      status: "DELIVERED",
      endedAt: ended,
      legs: [leg({ driverId: "ann", status: "DELIVERED" })],
    });
    expect(jobLinkStanding(ann, delivered, now)).toBe("active");
    expect(jobActions(ann, delivered, now)).toEqual([]);
    expect(jobLinkStanding(ann, delivered, new Date(now.getTime() + 2000))).toBe("gone");
  });

  it("a leg of another carrier is never the link's to act on", () => {
    const twoLegs = request({
      status: "IN_PROGRESS",
      legs: [leg({ driverId: "ann", status: "DELIVERED" }), leg({ legNumber: 2, driverId: "bob" })],
    });
    expect(jobActions(ann, twoLegs, now)).toEqual([]);
    const bob = { ...ann, driverId: "bob" };
    expect(jobActions(bob, twoLegs, now)).toEqual(["collected", "aborted"]);
  });
});
