import { describe, expect, it } from "vitest";
import { getPlanningSettings, updatePlanningSettings } from "@/lib/organisations/planning-settings";
import { planningSettingsInput, type PlanningSettings } from "@/lib/organisations/planning-settings-schema";
import { createTenant } from "@/test/tenant";
import { setupTestDatabase } from "@/test/test-database";

const database = setupTestDatabase();

const chaseCar: PlanningSettings = {
  driverCostPerHourCents: 2100,
  latenessPenaltyPerHourCents: 4000,
  repositioningMode: "CHASE_CAR",
  publicTransportFactor: 1.8,
  chaseCarCostPerKmCents: 60,
};

describe("an organisation's planning settings", () => {
  it("start at the defaults, and an admin's change is the organisation's own", async () => {
    const tenant = await createTenant(database.prisma);
    const other = await createTenant(database.prisma);
    const defaults = {
      driverCostPerHourCents: 1800,
      latenessPenaltyPerHourCents: 2500,
      repositioningMode: "PUBLIC_TRANSPORT",
      publicTransportFactor: 1.5,
      chaseCarCostPerKmCents: 45,
    };
    expect(await getPlanningSettings(tenant.organisation.id)).toEqual(defaults);
    await updatePlanningSettings(tenant.organisation.id, chaseCar, "user:admin@example.test");
    expect(await getPlanningSettings(tenant.organisation.id)).toEqual(chaseCar);
    expect(await getPlanningSettings(other.organisation.id)).toEqual(defaults);
  });

  it("its schema refuses a negative cost, a factor under 1, an unknown mode, fractions of a penny", () => {
    const paths = (input: unknown) =>
      planningSettingsInput.safeParse(input).error?.issues.map((issue) => issue.path.join("."));
    expect(paths(chaseCar)).toBeUndefined();
    expect(paths({ ...chaseCar, driverCostPerHourCents: -1 })).toEqual(["driverCostPerHourCents"]);
    expect(paths({ ...chaseCar, publicTransportFactor: 0.5 })).toEqual(["publicTransportFactor"]);
    expect(paths({ ...chaseCar, repositioningMode: "TAXI" })).toEqual(["repositioningMode"]);
    expect(paths({ ...chaseCar, latenessPenaltyPerHourCents: 10.5 })).toEqual([
      "latenessPenaltyPerHourCents",
    ]);
  });
});
