// Every page, public and staff, against the accessibility bar (no serious or critical WCAG 2.1 A/AA
// violation). The pages' own specs check their states in more depth.
import { expect, test } from "@playwright/test";
import { env } from "@/lib/env";
import { expectAccessible } from "../support/accessibility";
import { DEMO_STAFF, signIn } from "../support/sign-in";

test("public pages: landing, sign-in, API reference, tracking", async ({ page, request }) => {
  const headers = { "X-Service-API-Key": env().DEMO_API_KEY_A };
  const sites = (
    (await (await request.get("/v1/infrastructure/sites", { headers })).json()) as { data: { id: string }[] }
  ).data;
  const created = await request.post("/v1/movement-requests/create-in-planning-pool", {
    headers,
    data: {
      vehicle: { vrm: "AB12 CDE", make: "Ford", model: "Fiesta" },
      origin: { location: { type: "INTERNAL", siteId: sites[0]!.id } },
      destination: { location: { type: "INTERNAL", siteId: sites[1]!.id }, deliveryByDate: "2027-02-01" },
      businessArea: "Retail",
      transportMethod: "DRIVEN",
    },
  });
  const { trackingUrl } = (await created.json()) as { trackingUrl: string };
  for (const path of ["/", "/sign-in", "/docs/api", new URL(trackingUrl).pathname]) {
    await page.goto(path);
    await expectAccessible(page);
  }
});

test("staff pages, as an admin who sees them all", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO_STAFF.admin);
  for (const path of [
    "/board",
    "/movements/new",
    "/prep-jobs",
    "/prep-jobs/display-links",
    "/integrations",
    "/marketplace",
    "/mailbox",
    "/notices",
  ]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle").catch(() => undefined);
    await expectAccessible(page);
  }
});

test("the check itself fails a page with serious violations", async ({ page }) => {
  // An unlabelled field, a nameless button and grey on white: what expectAccessible must refuse.
  await page.setContent(`<!doctype html><html lang="en"><head><title>Bad page</title></head><body>
    <main><h1>Bad page</h1><input type="text"><button></button>
    <p style="color:#bbb;background:#fff">Hard to read</p></main></body></html>`);
  let refusal = "";
  await expectAccessible(page).catch((error: Error) => (refusal = error.message));
  // Each refusal line starts "<rule id> (<help>)".
  for (const rule of ["label", "button-name", "color-contrast"]) expect(refusal).toContain(`${rule} (`);
});
