// A form only the page's script submits (HydratedForm) is disabled until React has hydrated. Before, a Save
// pressed on a page still loading was the browser's own submit: a GET of the page with the fields in its
// address, and no "Saved" (seen on a slow CI machine, and as likely on a slow phone).
import { expect, test, type Page } from "@playwright/test";
import { withE2eDatabase } from "../support/e2e-database";
import { DEMO_STAFF, signIn } from "../support/sign-in";

const SCRIPTS = /\/_next\/static\/.*\.js(\?|$)/;

/** Each page a person opens straight from a link or a bookmark, and the script-submitted form's button. */
const PAGES = [
  { path: "/settings/drivers", submit: "Save planning settings", field: "A driver's cost per hour (£)" },
  { path: "/settings/branding", submit: "Save branding", field: "Logo address (https)" },
  { path: "/settings/messages", submit: "Save message settings", field: "Sender's name" },
  { path: "/settings/proofs", submit: "Save proof settings" },
  { path: "/prep-jobs/settings", submit: "Save reconditioning settings", field: "Labour rate per hour" },
  { path: "/board/plan", submit: "Plan the pool", field: "From" },
  { path: "/movements/new", submit: /^Continue to / },
] as const;

test("before the page's scripts arrive, a form only they submit can be neither filled nor sent", async ({
  page,
}) => {
  await signIn(page, DEMO_STAFF.admin);
  const unhydrated = await page.context().newPage();
  await unhydrated.route(SCRIPTS, (route) => route.abort());
  for (const { path, submit, ...rest } of PAGES) {
    await unhydrated.goto(path);
    await expect(unhydrated.getByRole("button", { name: submit }), path).toBeDisabled();
    if ("field" in rest) await expect(unhydrated.getByLabel(rest.field).first(), path).toBeDisabled();
  }
  // The shell's sign-out posts to a server action, which the browser can send before hydration.
  await expect(unhydrated.getByRole("button", { name: "Sign out" })).toBeEnabled();
  await unhydrated.close();

  const signedOut = await page.context().browser()!.newPage();
  await signedOut.route(SCRIPTS, (route) => route.abort());
  await signedOut.goto("/sign-in");
  await expect(signedOut.getByLabel("Password", { exact: true })).toBeDisabled();
  await expect(signedOut.getByRole("button", { name: "Sign in", exact: true })).toBeDisabled();
  await signedOut.close();
});

/** The page's scripts arrive `ms` late, as on a slow connection. */
async function slowScripts(page: Page, ms: number) {
  await page.route(SCRIPTS, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

test("a Save pressed while the page is still loading is sent once it has hydrated", async ({ page }) => {
  const penalty = () =>
    withE2eDatabase(
      async (client) =>
        (
          await client.query<{ cents: number }>(
            `SELECT "latenessPenaltyPerHourCents" AS cents FROM "Organisation"
             WHERE id = (SELECT "organisationId" FROM "User" WHERE email = $1)`,
            [DEMO_STAFF.admin],
          )
        ).rows[0]!.cents,
    );
  const seeded = await penalty();
  await signIn(page, DEMO_STAFF.admin);
  await slowScripts(page, 2_000);
  try {
    // The HTML is there, the scripts are not: the person types and presses Save at once.
    await page.goto("/settings/drivers", { waitUntil: "domcontentloaded" });
    const form = page.getByRole("form", { name: "Planning settings" });
    await form.getByLabel("Penalty per hour late (£)").fill("31");
    await form.getByRole("button", { name: "Save planning settings" }).click();
    await expect(form.getByText("Saved: the next plan of the pool uses these.")).toBeVisible();
    expect(new URL(page.url()).search).toBe("");
    expect(await penalty()).toBe(3_100);
  } finally {
    await withE2eDatabase((client) =>
      client.query(
        `UPDATE "Organisation" SET "latenessPenaltyPerHourCents" = $1
         WHERE id = (SELECT "organisationId" FROM "User" WHERE email = $2)`,
        [seeded, DEMO_STAFF.admin],
      ),
    );
  }
});
