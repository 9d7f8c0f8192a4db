// The drivers' page (issue 39 §1): an admin sets the organisation's planning settings and what the
// pool's planner knows of a driver (home site, hours per weekday, days off, transporter licence, cost per
// hour); the operations API lists a driver's back; a wrong entry is refused under its field and changes
// nothing. On a phone and a desktop: no sideways scrolling, no serious axe violation. What was seeded is
// put back afterwards.
import { expect, test } from "@playwright/test";
import { env } from "@/lib/env";
import { expectAccessible } from "../support/accessibility";
import { expectNoSidewaysScroll, IMAGES } from "../support/carrier-phone";
import { withE2eDatabase } from "../support/e2e-database";
import { DEMO_STAFF, signIn } from "../support/sign-in";

const operations = () => ({ "X-Service-API-Key": env().DEMO_OPS_API_KEY });

type Driver = {
  id: string;
  firstname: string;
  surname: string;
  homeSiteId: string | null;
  workingHours: Record<string, { start: string; end: string }>;
  daysOff: string[];
  transporterLicence: boolean;
  costPerHourCents: number | null;
};

test("an admin sets a driver's home site, hours, days off, licence and cost for the planner", async ({
  page,
  request,
}) => {
  const listed = async () =>
    (
      (await (await request.get("/v1/operations/drivers", { headers: operations() })).json()) as {
        data: Driver[];
      }
    ).data;
  const driver = (await listed()).at(-1)!;
  const name = `${driver.firstname} ${driver.surname}`;
  try {
    await signIn(page, DEMO_STAFF.admin, { callbackUrl: "/settings/branding" });
    await page.getByRole("link", { name: "drivers", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Drivers" })).toBeVisible();
    const entry = page.getByTestId("driver-planning").filter({ hasText: name });
    await entry.locator("summary").click();
    const form = entry.getByRole("form", { name: `Planning of ${name}` });

    await form.getByLabel("Home site").selectOption({ label: "Northgate Leeds (LDS1)" });
    await form.getByLabel("Cost per hour (£)").fill("21.50");
    await form.getByRole("checkbox", { name: /Licensed for transporters/ }).check();
    await form.getByRole("checkbox", { name: "Monday" }).uncheck();
    await expect(form.getByLabel("Monday start")).toHaveCount(0);
    await form.getByRole("checkbox", { name: "Saturday" }).check();
    await form.getByLabel("Saturday start").fill("07:00");
    await form.getByLabel("Saturday end").fill("12:30");
    await form.getByLabel("Days off besides the weekly ones").fill("2027-01-04, 2026-12-24");
    await form.getByRole("button", { name: `Save ${driver.firstname}'s planning` }).click();
    await expect(form.getByText("Saved: the next plan of the pool uses these.")).toBeVisible();

    const saved = (await listed()).find((each) => each.id === driver.id)!;
    const leeds = await withE2eDatabase(
      async (client) =>
        (await client.query<{ id: string }>(`SELECT id FROM "Site" WHERE code = 'LDS1'`)).rows[0]!.id,
    );
    const { mon: _monday, ...otherDays } = driver.workingHours;
    expect(saved).toEqual({
      ...driver,
      homeSiteId: leeds,
      workingHours: { ...otherDays, sat: { start: "07:00", end: "12:30" } },
      daysOff: ["2026-12-24", "2027-01-04"],
      transporterLicence: true,
      costPerHourCents: 2150,
    });
    await expect(entry.locator("summary")).toContainText("Transporter");
    await expectAccessible(page);

    // Hours that end before they start: refused under Tuesday, nothing saved.
    await form.getByRole("checkbox", { name: "Tuesday" }).check();
    await form.getByLabel("Tuesday start").fill("17:00");
    await form.getByLabel("Tuesday end").fill("08:00");
    await form.getByRole("button", { name: `Save ${driver.firstname}'s planning` }).click();
    await expect(form.getByText("Must be after the start")).toBeVisible();
    await expect(form.getByLabel("Tuesday end")).toHaveAttribute("aria-invalid", "true");
    expect((await listed()).find((each) => each.id === driver.id)).toEqual(saved);

    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `${IMAGES}/driver-planning-phone.png`, fullPage: true });
  } finally {
    await withE2eDatabase((client) =>
      client.query(
        `UPDATE "Driver" SET "homeSiteId" = $2, "workingHours" = $3::jsonb, "daysOff" = $4::jsonb,
           "transporterLicence" = $5, "costPerHourCents" = $6 WHERE id = $1`,
        [
          driver.id,
          driver.homeSiteId,
          JSON.stringify(driver.workingHours),
          JSON.stringify(driver.daysOff),
          driver.transporterLicence,
          driver.costPerHourCents,
        ],
      ),
    );
  }
});

test("an admin sets what the planner weighs: a driver's hour, an hour late, the chase car", async ({
  page,
}) => {
  const columns = `"driverCostPerHourCents", "latenessPenaltyPerHourCents", "repositioningMode",
    "publicTransportFactor", "chaseCarCostPerKmCents"`;
  const read = () =>
    withE2eDatabase(
      async (client) =>
        (
          await client.query<Record<string, unknown>>(
            `SELECT ${columns} FROM "Organisation" WHERE id = (SELECT "organisationId" FROM "User" WHERE email = $1)`,
            [DEMO_STAFF.admin],
          )
        ).rows[0]!,
    );
  const seeded = await read();
  try {
    await signIn(page, DEMO_STAFF.admin, { callbackUrl: "/settings/drivers" });
    const form = page.getByRole("form", { name: "Planning settings" });
    await form.getByLabel("Penalty per hour late (£)").fill("30");
    await form.getByRole("radio", { name: "In a chase car" }).check();
    await form.getByLabel("A chase car's cost per km (£)").fill("0.55");
    await form.getByRole("button", { name: "Save planning settings" }).click();
    await expect(form.getByText("Saved: the next plan of the pool uses these.")).toBeVisible();
    expect(await read()).toEqual({
      ...seeded,
      latenessPenaltyPerHourCents: 3000,
      repositioningMode: "CHASE_CAR",
      chaseCarCostPerKmCents: 55,
    });
    // A negative cost: refused under its field, nothing saved.
    await form.getByLabel("A driver's cost per hour (£)").fill("-5");
    await form.getByRole("button", { name: "Save planning settings" }).click();
    await expect(form.getByLabel("A driver's cost per hour (£)")).toHaveAttribute("aria-invalid", "true");
    expect((await read()).driverCostPerHourCents).toBe(seeded.driverCostPerHourCents);
    await expectAccessible(page);
  } finally {
    await withE2eDatabase((client) =>
      client.query(
        `UPDATE "Organisation" SET "driverCostPerHourCents" = $2, "latenessPenaltyPerHourCents" = $3,
           "repositioningMode" = $4, "publicTransportFactor" = $5, "chaseCarCostPerKmCents" = $6
         WHERE id = (SELECT "organisationId" FROM "User" WHERE email = $1)`,
        [
          DEMO_STAFF.admin,
          seeded.driverCostPerHourCents,
          seeded.latenessPenaltyPerHourCents,
          seeded.repositioningMode,
          seeded.publicTransportFactor,
          seeded.chaseCarCostPerKmCents,
        ],
      ),
    );
  }
});
