// Sessions that end on the server (issue 13 §2): a copy of a session cookie stops working as soon as
// its owner signs out, and an administrator can see and end another user's sessions from /users.
import { expect, test, type Browser, type BrowserContext } from "@playwright/test";
import { hashPassword } from "@/lib/auth/password";
import { env } from "@/lib/env";
import { newId } from "@/lib/ids";
import { withE2eDatabase } from "../support/e2e-database";
import { DEMO_STAFF, signIn, signOut } from "../support/sign-in";

/** A second browser holding a copy of the first one's cookies, as a thief would. */
async function copyOf(browser: Browser, original: BrowserContext, baseURL: string | undefined) {
  const copy = await browser.newContext({ baseURL });
  await copy.addCookies(await original.cookies());
  return copy;
}

test("a copied session cookie is refused as soon as its owner signs out", async ({
  browser,
  page,
  context,
  baseURL,
}) => {
  await signIn(page, DEMO_STAFF.dispatcher);
  const stolen = await copyOf(browser, context, baseURL);
  const thief = await stolen.newPage();
  await thief.goto("/notices");
  await expect(thief.getByRole("heading", { level: 1, name: "Notices" })).toBeVisible();

  await signOut(page);

  await thief.goto("/notices");
  await expect(thief).toHaveURL(/\/sign-in(\?|$)/);
  await expect(thief.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
  // The staff endpoints refuse it too.
  const stream = await thief.request.get("/api/prep-jobs/board");
  expect(stream.status()).toBe(401);
  await stolen.close();
});

test("an administrator sees another user's session and ends it; that device is signed out at once", async ({
  browser,
  page,
  baseURL,
}) => {
  // A user of this test alone, so that ending their session touches no other test's.
  const email = `sessions-${Date.now()}@demo.test`;
  await withE2eDatabase(async (client) => {
    await client.query(
      `INSERT INTO "User" ("id", "organisationId", "email", "name", "passwordHash", "role")
       SELECT $1, "organisationId", $2, 'Sam Session', $3, 'DISPATCHER' FROM "User" WHERE "email" = $4`,
      [newId(), email, await hashPassword(env().DEMO_PASSWORD), DEMO_STAFF.admin],
    );
  });
  const userContext = await browser.newContext({ baseURL });
  const user = await userContext.newPage();
  await signIn(user, email);

  await signIn(page, DEMO_STAFF.admin, { callbackUrl: "/users" });
  await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
  const card = page.getByTestId("user-card").filter({ hasText: email });
  const row = card.getByTestId("session-row");
  await expect(row).toHaveCount(1);
  // Device, address and last seen.
  await expect(row).toContainText(/Chrome on (Linux|Windows|macOS)/);
  await expect(row).toContainText(/\d{4}, \d{2}:\d{2}/);
  await page.screenshot({ path: "e2e/screenshots/users-sessions.png", fullPage: true });

  await row.getByRole("button", { name: /^End session/ }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "End session", exact: true }).click();
  await expect(card.getByText("Not signed in anywhere.")).toBeVisible();

  await user.goto("/board");
  await expect(user).toHaveURL(/\/sign-in(\?|$)/);
  await userContext.close();
});
