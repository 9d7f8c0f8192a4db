// What the recon specs share: a prep job of their own at a demo prep site, a signed-in page at a
// device's size, a card's drawer on the kanban, an estimate typed into an item, and the check that
// nothing scrolls sideways.
import { expect, type Browser, type Locator, type Page } from "@playwright/test";
import { newId } from "@/lib/ids";
import { withE2eDatabase } from "./e2e-database";
import { E2E_BASE_URL } from "./e2e-environment";
import { signIn } from "./sign-in";

export const TABLET = { width: 820, height: 1180 };
export const PHONE = { width: 390, height: 844 };

export type ReconJob = { vrm: string; vin: string; make: string; model: string; inStageFor: string };

export type PlacedJob = { siteId: string; name: string; organisationId: string; prepJobId: string };

/** Inserts an ARRIVED job at the prep site with `code` (in its stage for `inStageFor`). */
export async function insertArrivedJob(code: string, job: ReconJob): Promise<PlacedJob> {
  return withE2eDatabase(async (client) => {
    const { rows } = await client.query<{
      siteId: string;
      name: string;
      organisationId: string;
      profileId: string;
    }>(
      `SELECT s.id AS "siteId", s.name, s."organisationId", p.id AS "profileId"
         FROM "Site" s JOIN "Profile" p ON p."organisationId" = s."organisationId"
        WHERE s.code = $1 ORDER BY p."createdAt" LIMIT 1`,
      [code],
    );
    const place = rows[0]!;
    const prepJobId = newId();
    await client.query(
      `INSERT INTO "PrepJob" (id, "organisationId", "profileId", vin, vrm, make, model, "prepSiteId",
         "businessArea", source, stage, "createdByUser", "stageChangedAt", "updatedAt")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'Retail', 'CREATED_MANUALLY',
         'ARRIVED', 'e2e', now() - $9::interval, now())`,
      [
        prepJobId,
        place.organisationId,
        place.profileId,
        job.vin,
        job.vrm,
        job.make,
        job.model,
        place.siteId,
        job.inStageFor,
      ],
    );
    return { siteId: place.siteId, name: place.name, organisationId: place.organisationId, prepJobId };
  });
}

/** A new browser context of the device's size, signed in as `email`. */
export async function signedInPage(browser: Browser, email: string, viewport: typeof PHONE): Promise<Page> {
  const context = await browser.newContext({
    baseURL: E2E_BASE_URL,
    viewport,
    hasTouch: true,
    isMobile: viewport.width < 500,
    locale: "en-GB",
    timezoneId: "Europe/London",
  });
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

/** The site's kanban, live; on a phone (one stage at a time) `stage` chosen first; the job's drawer. */
export async function openDrawer(
  page: Page,
  siteId: string,
  job: Pick<ReconJob, "vrm" | "make" | "model">,
  stage?: string,
): Promise<Locator> {
  await page.goto(`/prep-jobs?site=${siteId}`);
  await expect(page.getByTestId("kanban-board")).toHaveAttribute("data-connection", "live", {
    timeout: 30_000,
  });
  if (stage) {
    await page
      .getByRole("navigation", { name: "Stages" })
      .getByRole("button", { name: new RegExp(stage) })
      .click();
  }
  await page
    .getByTestId("kanban-card")
    .filter({ hasText: job.vrm })
    .getByRole("button", { name: new RegExp(`^${job.vrm}\\s*: details$`) })
    .click();
  const drawer = page.getByRole("dialog");
  await expect(drawer.getByRole("heading", { name: `${job.make} ${job.model} (${job.vrm})` })).toBeVisible();
  return drawer;
}

/** Nothing scrolls sideways: the page, and `within` (a drawer, a card) inside its own box. */
export async function expectNoSidewaysScroll(page: Page, within?: Locator) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
  if (within) expect(await within.evaluate((box) => box.scrollWidth <= box.clientWidth)).toBe(true);
}

export type EstimateLine = { kind: "Parts" | "Labour" | "Sublet"; description: string; value: string };

/** Types an item's estimate through its Edit form (its first line is the blank labour line it starts with). */
export async function estimate(item: Locator, lines: EstimateLine[], total: string) {
  await item.getByRole("button", { name: /^Edit / }).click();
  const form = item.getByRole("form", { name: "Edit the work item" });
  for (const [index, line] of lines.entries()) {
    const n = index + 1;
    if (index > 0) await form.getByRole("button", { name: "Add a line" }).click();
    await form.getByLabel(`Line ${n} Kind`).selectOption({ label: line.kind });
    await form.getByLabel(`Line ${n} Description`).fill(line.description);
    await form
      .getByLabel(line.kind === "Labour" ? `Line ${n} Hours` : `Line ${n} Amount (£)`)
      .fill(line.value);
  }
  await form.getByRole("button", { name: "Save changes" }).click();
  await expect(item.getByTestId("work-item-estimate")).toHaveText(total);
  await expect(form).toHaveCount(0);
}
