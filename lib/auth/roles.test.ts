import { describe, expect, it } from "vitest";
import {
  CAPABILITIES,
  can,
  homePathFor,
  isUserRole,
  ROLE_LABEL,
  ROLES,
  rolesWith,
  STAFF_ROLES,
} from "@/lib/auth/roles";

describe("role capabilities", () => {
  it("lets administrators do everything", () => {
    for (const capability of CAPABILITIES) expect(can("ADMIN", capability)).toBe(true);
  });

  it("lets dispatchers dispatch and read prep jobs, but not work them or manage integrations", () => {
    expect(can("DISPATCHER", "view-board")).toBe(true);
    expect(can("DISPATCHER", "dispatch")).toBe(true);
    expect(can("DISPATCHER", "view-prep-jobs")).toBe(true);
    expect(can("DISPATCHER", "work-prep-jobs")).toBe(false);
    expect(can("DISPATCHER", "manage-integrations")).toBe(false);
    expect(can("DISPATCHER", "dismiss-notices")).toBe(false);
    expect(can("DISPATCHER", "view-mailbox")).toBe(false);
  });

  it("lets prep staff work prep jobs and read the board, but not dispatch", () => {
    expect(can("PREP_STAFF", "work-prep-jobs")).toBe(true);
    expect(can("PREP_STAFF", "view-board")).toBe(true);
    expect(can("PREP_STAFF", "dispatch")).toBe(false);
    expect(can("PREP_STAFF", "manage-integrations")).toBe(false);
    expect(can("PREP_STAFF", "view-mailbox")).toBe(false);
  });

  it("lets recon managers approve estimates and work prep jobs, but not prep staff approve or managers dispatch", () => {
    expect(can("RECON_MANAGER", "approve-recon")).toBe(true);
    expect(can("RECON_MANAGER", "work-prep-jobs")).toBe(true);
    expect(can("RECON_MANAGER", "dispatch")).toBe(false);
    expect(can("RECON_MANAGER", "manage-integrations")).toBe(false);
    expect(can("PREP_STAFF", "approve-recon")).toBe(false);
    expect(can("DISPATCHER", "approve-recon")).toBe(false);
  });

  it("lists the roles that have a capability, for requireStaff()", () => {
    expect(rolesWith("dispatch")).toEqual(["ADMIN", "DISPATCHER"]);
    expect(rolesWith("work-prep-jobs")).toEqual(["ADMIN", "PREP_STAFF", "RECON_MANAGER"]);
    expect(rolesWith("approve-recon")).toEqual(["ADMIN", "RECON_MANAGER"]);
    expect(rolesWith("manage-integrations")).toEqual(["ADMIN"]);
    expect(rolesWith("view-board")).toEqual(STAFF_ROLES);
  });

  it("sends each role to its start page", () => {
    expect(homePathFor("ADMIN")).toBe("/board");
    expect(homePathFor("DISPATCHER")).toBe("/board");
    expect(homePathFor("PREP_STAFF")).toBe("/prep-jobs");
    expect(homePathFor("RECON_MANAGER")).toBe("/prep-jobs");
    expect(homePathFor("CARRIER")).toBe("/carrier/jobs");
  });

  it("gives a marketplace carrier no staff capability at all", () => {
    for (const capability of CAPABILITIES) expect(can("CARRIER", capability)).toBe(false);
    expect(STAFF_ROLES).not.toContain("CARRIER");
  });

  it("names every role and recognises only real ones", () => {
    for (const role of ROLES) {
      expect(ROLE_LABEL[role]).toBeTruthy();
      expect(isUserRole(role)).toBe(true);
    }
    expect(isUserRole("SUPERUSER")).toBe(false);
    expect(isUserRole(undefined)).toBe(false);
  });
});
