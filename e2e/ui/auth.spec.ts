// Staff sign-in, roles and the navigation shell, against the real build with the seeded demo users.
import { expect, test, type Page } from "@playwright/test";
import { env } from "@/lib/env";
import { withE2eDatabase } from "../support/e2e-database";
import { expectAccessible } from "../support/accessibility";
import { DEMO_STAFF, fillSignInForm, signIn, signOut } from "../support/sign-in";

const GENERIC_ERROR = "The e-mail address or password is incorrect.";

const ROLES = [
  {
    role: "admin",
    email: DEMO_STAFF.admin,
    name: "Alex Morgan",
    roleLabel: "Administrator",
    home: "/board",
    visible: [
      "Board",
      "New movement",
      "Prep jobs",
      "Reports",
      "Integrations",
      "Users",
      "Branding",
      "Mailbox",
    ],
    hidden: [],
  },
  {
    role: "dispatcher",
    email: DEMO_STAFF.dispatcher,
    name: "Dana Whitfield",
    roleLabel: "Dispatcher",
    home: "/board",
    visible: ["Board", "New movement", "Prep jobs", "Reports"],
    hidden: ["Integrations", "Users", "Branding", "Mailbox"],
  },
  {
    role: "prep-staff",
    email: DEMO_STAFF.prep,
    name: "Pat Okafor",
    roleLabel: "Prep staff",
    home: "/prep-jobs",
    visible: ["Board", "Prep jobs"],
    hidden: ["New movement", "Reports", "Integrations", "Users", "Branding", "Mailbox"],
  },
] as const;

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });

for (const staff of ROLES) {
  test(`${staff.role} signs in, lands on ${staff.home} and sees only their navigation`, async ({ page }) => {
    // Wide enough for every role's whole bar, the user's name included (the folds: responsive.spec.ts).
    await page.setViewportSize({ width: 1600, height: 900 });
    await signIn(page, staff.email);
    await expect(page).toHaveURL(new RegExp(`${staff.home}$`));

    // /notices is a shell page every role may open, whatever exists of the rest of the UI.
    await page.goto("/notices");
    await expect(page.getByRole("heading", { level: 1, name: "Notices" })).toBeVisible();
    for (const label of staff.visible) {
      await expect(mainNav(page).getByRole("link", { name: label, exact: true })).toBeVisible();
    }
    for (const label of staff.hidden) {
      await expect(mainNav(page).getByRole("link", { name: label, exact: true })).toHaveCount(0);
    }
    const banner = page.getByRole("banner");
    // The menu (below 1024 px) holds a second copy of the user's block, hidden at this size.
    await expect(banner.getByText(staff.name).filter({ visible: true })).toBeVisible();
    await expect(banner.getByText(staff.roleLabel, { exact: true }).filter({ visible: true })).toBeVisible();
    await expect(banner.getByText("Northgate Motors").filter({ visible: true })).toBeVisible();
    await page.screenshot({ path: `e2e/screenshots/shell-${staff.role}.png` });
  });
}

test("a wrong password and an unknown account get the same generic message", async ({ page }) => {
  await page.goto("/sign-in");
  await fillSignInForm(page, DEMO_STAFF.dispatcher, "not-the-password");
  const errorRegion = page.locator("#sign-in-error");
  await expect(errorRegion).toHaveAttribute("role", "alert");
  await expect(errorRegion).toHaveText(GENERIC_ERROR);
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("Password", { exact: true })).toBeFocused();

  await fillSignInForm(page, "nobody@demo.test", "not-the-password");
  await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
  await expect(errorRegion).toHaveText(GENERIC_ERROR);
});

test("the form validates its fields and works from the keyboard", async ({ page }) => {
  await page.goto("/sign-in");
  await expect(page.getByLabel("E-mail")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Enter your e-mail address")).toBeVisible();
  await expect(page.getByText("Enter your password")).toBeVisible();
  await expect(page.getByLabel("E-mail")).toHaveAttribute("aria-invalid", "true");

  await page.keyboard.type(DEMO_STAFF.dispatcher);
  await page.keyboard.press("Tab");
  await page.keyboard.type("demo-password");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/board$/);
});

test("a signed-out visit to /board goes through sign-in and back to /board", async ({ page }) => {
  await page.goto("/board");
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Fboard$/);
  await expect(page.getByText("Sign in to continue to the page you asked for.")).toBeVisible();
  await fillSignInForm(page, DEMO_STAFF.dispatcher);
  await expect(page).toHaveURL(/\/board$/);

  // Signed in, the sign-in page and the landing page lead on to the app.
  await page.goto("/sign-in");
  await expect(page).toHaveURL(/\/board$/);
  await page.goto("/");
  await expect(page).toHaveURL(/\/board$/);
});

test("a callbackUrl to another site is ignored", async ({ page }) => {
  await page.goto(`/sign-in?callbackUrl=${encodeURIComponent("https://evil.example/phish")}`);
  await fillSignInForm(page, DEMO_STAFF.prep);
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/prep-jobs$/);
});

test("signing out ends the session", async ({ page, context }) => {
  await signIn(page, DEMO_STAFF.admin);
  await page.goto("/notices");
  await signOut(page);
  await expect(page.getByText("You have signed out.")).toBeVisible();
  expect((await context.cookies()).filter((cookie) => cookie.name.includes("session-token"))).toEqual([]);
  await page.goto("/notices");
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Fnotices$/);
});

test("the session cookie is HttpOnly and SameSite=Lax (not Secure on plain http)", async ({
  page,
  context,
}) => {
  await signIn(page, DEMO_STAFF.dispatcher);
  const session = (await context.cookies()).find((cookie) => cookie.name === "authjs.session-token");
  expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax", secure: false, path: "/" });
  // About 12 hours from now.
  const hoursLeft = (session!.expires * 1000 - Date.now()) / 3_600_000;
  expect(hoursLeft).toBeGreaterThan(11.9);
  expect(hoursLeft).toBeLessThanOrEqual(12);
});

test("a role without access to a page does not get it", async ({ page }) => {
  await signIn(page, DEMO_STAFF.dispatcher);
  await page.goto("/mailbox");
  await expect(page.getByRole("heading", { level: 1, name: "Mailbox" })).toHaveCount(0);
  await expect(
    page.getByRole("heading", { name: /do not have access|not found|could not be found/i }).first(),
  ).toBeVisible();
  await page.screenshot({ path: "e2e/screenshots/forbidden.png" });
});

test("the /v1 API stays API-key only, and staff endpoints answer 401 when signed out", async ({
  page,
  request,
}) => {
  await signIn(page, DEMO_STAFF.admin);
  // A browser session does not open the API.
  const withSession = await page.request.get("/v1/infrastructure/sites");
  expect(withSession.status()).toBe(401);
  expect(await withSession.json()).toMatchObject({ code: "UNAUTHORIZED" });

  const staffEndpoint = await request.get("/api/staff-only-example", { maxRedirects: 0 });
  expect(staffEndpoint.status()).toBe(401);
  expect((await request.get("/api/health")).status()).toBe(200);
  const unknownTracking = await request.get("/track/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", { maxRedirects: 0 });
  expect(unknownTracking.status()).toBe(404);
});

test("an administrator sees an unread notice as a banner and dismisses it", async ({ page }) => {
  const noticeId = `e2e-notice-${Date.now()}`;
  await withE2eDatabase(async (client) => {
    await client.query(
      `INSERT INTO "Notice" (id, "organisationId", kind, message)
       SELECT $1, "organisationId", 'webhook_endpoint_disabled',
              'The endpoint https://erp.example.com/hooks failed for 5 days and was disabled.'
       FROM "User" WHERE email = $2`,
      [noticeId, DEMO_STAFF.admin],
    );
  });
  try {
    await signIn(page, DEMO_STAFF.admin, { callbackUrl: "/notices" });
    const banner = page.getByRole("region", { name: "Notices" });
    await expect(banner).toContainText("Webhook endpoint disabled");
    await expect(banner.getByRole("link", { name: "Review integrations" })).toBeVisible();
    await expect(page.getByRole("link", { name: /Notices, \d+ unread/ })).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: "e2e/screenshots/shell-admin-notice.png" });

    await banner
      .getByRole("button", { name: /Dismiss notice: Webhook endpoint disabled/ })
      .first()
      .click();
    await expect(page.getByRole("region", { name: "Notices" })).toHaveCount(0);
    await expect(page.getByText("Read", { exact: true }).first()).toBeVisible();
  } finally {
    await withE2eDatabase((client) => client.query(`DELETE FROM "Notice" WHERE id = $1`, [noticeId]));
  }
});

test("the development mailbox shows what the service would have e-mailed", async ({ page, request }) => {
  // A movement with a requester e-mail: the service e-mails its tracking link (to the mailbox here).
  const headers = { "X-Service-API-Key": env().DEMO_API_KEY_A };
  const sites = (
    (await (await request.get("/v1/infrastructure/sites", { headers })).json()) as {
      data: { id: string; countryCode: string }[];
    }
  ).data.filter((site) => site.countryCode === "GB");
  const recipient = `mailbox-${Date.now()}@example.com`;
  const created = await request.post("/v1/movement-requests/create-in-planning-pool", {
    headers,
    data: {
      vehicle: { vin: "WF0XXXGCDX7777777", make: "Ford", model: "Puma" },
      origin: { location: { type: "INTERNAL", siteId: sites[0]!.id } },
      destination: { location: { type: "INTERNAL", siteId: sites[1]!.id }, deliveryByDate: "2027-02-01" },
      businessArea: "Retail",
      transportMethod: "DRIVEN",
      requestedBy: recipient,
    },
  });
  expect(created.status()).toBe(201);

  await signIn(page, DEMO_STAFF.admin, { callbackUrl: "/mailbox" });
  await expect(page.getByRole("heading", { level: 1, name: "Mailbox" })).toBeVisible();
  await expect(mainNav(page).getByRole("link", { name: "Mailbox" })).toHaveAttribute("aria-current", "page");
  const message = page.getByRole("link", { name: new RegExp(`To ${recipient}`) });
  // The worker sends within seconds.
  await expect(async () => {
    await page.reload();
    await expect(message).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });

  await message.click();
  await expect(page).toHaveURL(/\/mailbox\?id=/);
  await expect(message).toHaveAttribute("aria-current", "true");
  const opened = page.getByRole("article");
  await expect(opened.getByRole("heading", { level: 2 })).toHaveText(/^Track your vehicle movement from /);
  await expect(opened).toContainText(recipient);
  await expect(opened).toContainText("/track/");
  await expectAccessible(page);
  await page.screenshot({ path: "e2e/screenshots/mailbox.png" });
});

test("the sign-in page, the landing page and the shell have no serious accessibility problems", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Vehicle Movement Service" })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: "e2e/screenshots/landing.png" });

  await page.goto("/sign-in");
  await expectAccessible(page);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByText("Enter your e-mail address")).toBeVisible();
  await expectAccessible(page);
  await page.goto("/sign-in");
  await page.screenshot({ path: "e2e/screenshots/sign-in.png" });

  await signIn(page, DEMO_STAFF.dispatcher, { callbackUrl: "/notices" });
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeAttached();
  await expectAccessible(page);
});

test("the shell fits a 1920 px wall screen", async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await signIn(page, DEMO_STAFF.admin, { callbackUrl: "/notices" });
  await expect(mainNav(page).getByRole("link", { name: "Integrations" })).toBeVisible();
  await page.screenshot({ path: "e2e/screenshots/shell-admin-1920.png" });
});
