import { beforeAll, describe, expect, it } from "vitest";
import { listDrivers } from "@/lib/drivers/list-drivers";
import { driverPlanningInput, type DriverPlanningInput } from "@/lib/drivers/schemas";
import { updateDriverPlanning } from "@/lib/drivers/update-driver-planning";
import { AppError } from "@/lib/errors/app-error";
import { createDriver, createSite } from "@/prisma/factories";
import { createTenant, type Tenant } from "@/test/tenant";
import { setupTestDatabase } from "@/test/test-database";

const database = setupTestDatabase();
let tenant: Tenant;
let other: Tenant;
let driverId: string;
let homeSiteId: string;
let otherSiteId: string;

const edit: Omit<DriverPlanningInput, "homeSiteId"> = {
  workingHours: { mon: { start: "06:00", end: "14:00" }, sat: { start: "07:30", end: "24:00" } },
  daysOff: ["2026-12-31", "2026-12-24"],
  transporterLicence: true,
  costPerHourCents: 2250,
};

beforeAll(async () => {
  tenant = await createTenant(database.prisma);
  other = await createTenant(database.prisma);
  const organisationId = tenant.organisation.id;
  homeSiteId = (await createSite(database.prisma, { organisationId })).id;
  otherSiteId = (await createSite(database.prisma, { organisationId: other.organisation.id })).id;
  driverId = (await createDriver(database.prisma, { organisationId, firstname: "Pat", surname: "Lane" })).id;
});

const planningOf = async (organisationId: string) =>
  (await listDrivers({ organisationId })).find((driver) => driver.id === driverId);

async function refusal(work: Promise<unknown>): Promise<AppError> {
  const error: unknown = await work.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("updateDriverPlanning", () => {
  it("saves what the planner knows of a driver, days off in order, and lists it back", async () => {
    const saved = await updateDriverPlanning(
      tenant.organisation.id,
      driverId,
      { homeSiteId, ...edit },
      "admin@x",
    );
    const expected = { ...edit, homeSiteId, daysOff: ["2026-12-24", "2026-12-31"] };
    expect(saved).toEqual({ id: driverId, firstname: "Pat", surname: "Lane", ...expected });
    expect(await planningOf(tenant.organisation.id)).toEqual(saved);
  });

  it("refuses another organisation's driver or home site as not found, and changes nothing", async () => {
    const before = await planningOf(tenant.organisation.id);
    const foreignDriver = await refusal(
      updateDriverPlanning(other.organisation.id, driverId, { homeSiteId: null, ...edit }, "admin@other"),
    );
    expect(foreignDriver.code).toBe("DRIVER_NOT_FOUND");
    const foreignSite = await refusal(
      updateDriverPlanning(tenant.organisation.id, driverId, { homeSiteId: otherSiteId, ...edit }, "admin@x"),
    );
    expect(foreignSite.code).toBe("SITE_NOT_FOUND");
    expect(foreignSite.errors).toEqual([{ path: "homeSiteId", message: "Not one of your sites" }]);
    expect(await planningOf(tenant.organisation.id)).toEqual(before);
  });

  it("its schema refuses hours that end before they start, a day off twice, a negative cost", () => {
    const parse = (input: unknown) => driverPlanningInput.safeParse(input);
    const valid = { homeSiteId: null, ...edit };
    expect(parse(valid).success).toBe(true);
    const paths = (input: unknown) => parse(input).error?.issues.map((issue) => issue.path.join("."));
    expect(paths({ ...valid, workingHours: { tue: { start: "17:00", end: "08:00" } } })).toEqual([
      "workingHours.tue.end",
    ]);
    expect(paths({ ...valid, daysOff: ["2026-12-24", "2026-12-24"] })).toEqual(["daysOff"]);
    expect(paths({ ...valid, daysOff: ["24/12/2026"] })).toEqual(["daysOff.0"]);
    expect(paths({ ...valid, costPerHourCents: -1 })).toEqual(["costPerHourCents"]);
    expect(paths({ ...valid, workingHours: { holiday: { start: "08:00", end: "09:00" } } })).toEqual([
      "workingHours",
    ]);
  });
});
