import { beforeAll, describe, expect, it } from "vitest";
import { GET as listDriversRoute } from "@/app/v1/operations/drivers/route";
import { callRoute } from "@/test/call-route";
import { createTenant, type Tenant } from "@/test/tenant";
import { setupTestDatabase } from "@/test/test-database";
import { createDriver, createSite } from "@/prisma/factories";
import type { DriverInput } from "@/prisma/factories/driver";

const database = setupTestDatabase();
let tenant: Tenant;
let ids: { zoe: string; adam: string; amy: string };
let homeSiteId: string;

beforeAll(async () => {
  tenant = await createTenant(database.prisma);
  const other = await createTenant(database.prisma);
  const organisationId = tenant.organisation.id;
  homeSiteId = (await createSite(database.prisma, { organisationId })).id;
  const create = (
    firstname: string,
    surname: string,
    extra: Omit<DriverInput, "organisationId" | "firstname" | "surname"> & { organisationId?: string } = {},
  ) =>
    createDriver(database.prisma, { organisationId, firstname, surname, email: "d@example.test", ...extra });
  ids = {
    zoe: (
      await create("Zoe", "Young", {
        homeSiteId,
        workingHours: { sat: { start: "07:30", end: "13:00" } },
        daysOff: ["2026-12-24"],
        transporterLicence: true,
        costPerHourCents: 2150,
      })
    ).id,
    adam: (await create("Adam", "Brown")).id,
    amy: (await create("Amy", "Brown")).id,
  };
  await create("Ina", "Active-Not", { active: false });
  await create("Otto", "Other", { organisationId: other.organisation.id });
});

function list(apiKey: string, query = "") {
  return callRoute(listDriversRoute, { path: `/v1/operations/drivers${query}`, apiKey });
}

describe("GET /v1/operations/drivers", () => {
  it("lists the organisation's active drivers by surname, with their planning fields", async () => {
    const response = await list(tenant.operationsKey);
    expect(response.status).toBe(200);
    const weekdays = { start: "08:00", end: "17:00" };
    const planning = {
      homeSiteId: null,
      workingHours: { mon: weekdays, tue: weekdays, wed: weekdays, thu: weekdays, fri: weekdays },
      daysOff: [],
      transporterLicence: false,
      costPerHourCents: null,
    };
    expect(await response.json()).toEqual({
      data: [
        { id: ids.adam, firstname: "Adam", surname: "Brown", ...planning },
        { id: ids.amy, firstname: "Amy", surname: "Brown", ...planning },
        {
          id: ids.zoe,
          firstname: "Zoe",
          surname: "Young",
          homeSiteId,
          workingHours: { sat: { start: "07:30", end: "13:00" } },
          daysOff: ["2026-12-24"],
          transporterLicence: true,
          costPerHourCents: 2150,
        },
      ],
    });
  });

  it("403 FORBIDDEN for an integration key, 401 without a key, 400 for an unknown query parameter", async () => {
    const forbidden = await list(tenant.integrationKey);
    expect(forbidden.status).toBe(403);
    expect(((await forbidden.json()) as { code: string }).code).toBe("FORBIDDEN");
    expect((await callRoute(listDriversRoute, { path: "/v1/operations/drivers" })).status).toBe(401);
    expect((await list(tenant.operationsKey, "?active=false")).status).toBe(400);
  });
});
