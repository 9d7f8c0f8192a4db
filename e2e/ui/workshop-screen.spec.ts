// Workshop screens: an admin hands out a link for a prep site; it opens without signing in, shows the
// board in large type, follows changes live, and stops working once revoked.
import { expect, test, type Page } from "@playwright/test";
import { env } from "@/lib/env";
import { newId } from "@/lib/ids";
import { expectAccessible } from "../support/accessibility";
import { withE2eDatabase } from "../support/e2e-database";
import { DEMO_STAFF, signIn } from "../support/sign-in";

const COVENTRY = "Northgate Prep Centre Coventry (COV1)";

/** What a job's work items wait for, as the screen says it, by the state of the item it waits on. */
const WAITING_WORDS: Record<string, string> = {
  AWAITING_APPROVAL: "Awaiting approval",
  WAITING_PARTS: "Waiting parts",
  WAITING_SUBLET: "At sublet",
};

/** An admin creates a workshop-screen link for a prep site (Coventry unless told); its path. */
async function createScreenLink(page: Page, name: string, site = COVENTRY): Promise<string> {
  await signIn(page, DEMO_STAFF.admin, { callbackUrl: "/prep-jobs/display-links" });
  await page.getByLabel("Screen name").fill(name);
  await page.getByLabel("Prep site").selectOption({ label: site });
  await page.getByRole("button", { name: "Create link" }).click();
  return new URL((await page.getByTestId("display-link-url").textContent())!.trim()).pathname;
}

/** Nothing on the screen needs a scroll bar, and every column's header, count and jobs are unclipped. */
async function expectNothingClipped(tv: Page) {
  const viewport = tv.viewportSize()!;
  const page = await tv.evaluate(() => ({
    width: document.documentElement.scrollWidth,
    height: document.documentElement.scrollHeight,
  }));
  expect(page.width).toBeLessThanOrEqual(viewport.width);
  expect(page.height).toBeLessThanOrEqual(viewport.height);
  const columns = tv.locator("section[data-stage]");
  await expect(columns).toHaveCount(4);
  for (const column of await columns.all()) {
    const box = (await column.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    for (const part of [column.getByRole("heading", { level: 2 }), column.getByTestId("column-count")]) {
      await expect(part).toBeVisible();
      const inner = (await part.boundingBox())!;
      expect(inner.x).toBeGreaterThanOrEqual(box.x);
      expect(inner.y).toBeGreaterThanOrEqual(box.y);
      expect(inner.x + inner.width).toBeLessThanOrEqual(box.x + box.width);
      expect(inner.y + inner.height).toBeLessThanOrEqual(box.y + box.height);
      // Its text is not cut off inside its own box either.
      expect(await part.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    }
    for (const job of await column.getByTestId("workshop-job").all()) {
      const inner = (await job.boundingBox())!;
      expect(inner.y + inner.height).toBeLessThanOrEqual(box.y + box.height);
    }
  }
}

/** A column says "+ N more" only once it is full: it then pages through what it carries. */
async function expectFullBeforeMore(tv: Page) {
  for (const column of await tv.locator("section[data-stage]").all()) {
    const page = column.getByTestId("column-page");
    if ((await page.count()) === 0 || !/more/.test((await page.textContent()) ?? "")) continue;
    await expect(column).toHaveAttribute("data-fit", "pages");
  }
}

/** The font size in px of the first time pill on the screen, or of a column's. */
const pillSize = (tv: Page, stage?: string) =>
  (stage ? tv.locator(`section[data-stage=${stage}]`) : tv.locator("main"))
    .getByTestId("time-pill")
    .first()
    .evaluate((pill) => parseFloat(getComputedStyle(pill).fontSize));

test("an admin's workshop-screen link shows the live board without sign-in until it is revoked", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO_STAFF.admin, { callbackUrl: "/prep-jobs/display-links" });
  await expect(page.getByRole("heading", { level: 1, name: "Workshop screens" })).toBeVisible();
  await page.getByLabel("Screen name").fill("Coventry workshop TV");
  await page.getByLabel("Prep site").selectOption({ label: "Northgate Prep Centre Coventry (COV1)" });
  await page.getByRole("button", { name: "Create link" }).click();
  const url = (await page.getByTestId("display-link-url").textContent())!.trim();
  expect(url).toMatch(/\/display\/[A-Za-z0-9_-]{43}$/);
  const path = new URL(url).pathname;
  await expect(
    page.getByTestId("display-link-row").filter({ hasText: "Coventry workshop TV" }),
  ).toContainText("Active");

  // A screen in the workshop: a fresh browser without any session, full HD.
  const screen = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const tv = await screen.newPage();
  const opened = await tv.goto(path);
  expect(opened?.status()).toBe(200);
  await expect(tv.getByRole("heading", { level: 1, name: "Northgate Prep Centre Coventry" })).toBeVisible();
  await expect(tv.getByTestId("display-connection")).toHaveText("Live", { timeout: 20_000 });
  const headingSize = await tv
    .getByRole("heading", { level: 1 })
    .evaluate((h) => parseFloat(getComputedStyle(h).fontSize));
  expect(headingSize).toBeGreaterThanOrEqual(40);
  // An arrival of its own, the longest waiting (first on the column's first page), whatever the other
  // tests moved.
  const arrived = tv.locator("section[data-stage=ARRIVED]");
  const appraised = tv.locator("section[data-stage=APPRAISED]");
  const plate = "LV01 TVS";
  const vin = "TMBLVETVX00000001";
  await withE2eDatabase(async (client) => {
    await client.query(`DELETE FROM "PrepJob" WHERE id = 'e2e-live-tv'`);
    await client.query(
      `INSERT INTO "PrepJob" (id, "organisationId", "profileId", vin, vrm, make, model, "prepSiteId",
         "businessArea", source, stage, "createdByUser", "stageChangedAt", "updatedAt")
       SELECT 'e2e-live-tv', job."organisationId", job."profileId", $1, $2, 'Mazda', 'CX-5', job."prepSiteId",
         job."businessArea", job.source, 'ARRIVED', 'e2e', now() - interval '60 days', now()
       FROM (SELECT * FROM "PrepJob" WHERE "prepSiteId" = (SELECT id FROM "Site" WHERE code = 'COV1') LIMIT 1) AS job`,
      [vin, plate],
    );
  });
  try {
    await tv.reload();
    await expect(tv.getByTestId("display-connection")).toHaveText("Live", { timeout: 20_000 });
    const plateText = arrived
      .getByTestId("workshop-job")
      .locator(".font-mono")
      .getByText(plate, { exact: true });
    // A crowded column shows lines (20 px plates) rather than cards (24 px). Polled: a live update can
    // replace the card between finding it and reading its style (a detached element has no font size).
    const fit = await arrived.getAttribute("data-fit");
    await expect
      .poll(() => plateText.evaluate((element) => parseFloat(getComputedStyle(element).fontSize)))
      .toBeGreaterThanOrEqual(fit === "cards" ? 24 : 20);
    // Read-only: nothing to drag.
    await expect(tv.getByRole("button")).toHaveCount(0);

    // Live: it is appraised through the API. (It is then the newest in its stage: on a crowded column,
    // not on the first page, so the count says it.)
    const appraisedCount = appraised.getByTestId("column-count");
    const before = parseInt((await appraisedCount.textContent())!, 10);
    const headers = { "X-Service-API-Key": env().DEMO_API_KEY_A };
    expect((await request.patch(`/v1/prep-jobs/appraised?vin=${vin}`, { headers })).status()).toBe(200);
    // Live, without a reload (how fast is measured by bench/, not asserted here: the machine may be busy).
    await expect(arrived.getByText(plate)).toHaveCount(0, { timeout: 15_000 });
    await expect(appraisedCount).toHaveText(new RegExp(`^${before + 1}( |$)`));
    await tv.screenshot({ path: "e2e/screenshots/workshop-screen.png" });

    // Revoked: the link, its data and its stream are 404.
    await page.getByRole("button", { name: "Revoke Coventry workshop TV" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Revoke link" }).click();
    await expect(
      page.getByTestId("display-link-row").filter({ hasText: "Coventry workshop TV" }),
    ).toContainText("Revoked");
    const again = await tv.goto(path);
    expect(again?.status()).toBe(404);
    await expect(tv.getByRole("heading", { level: 1 })).toHaveText("This workshop screen link does not work");
    expect((await request.get(`${path}/board`)).status()).toBe(404);
    expect((await request.get(`${path}/stream`)).status()).toBe(404);
    await screen.close();
  } finally {
    await withE2eDatabase((client) => client.query(`DELETE FROM "PrepJob" WHERE id = 'e2e-live-tv'`));
  }
});

test("an unknown workshop-screen link is a 404", async ({ page }) => {
  const response = await page.goto(`/display/${"A".repeat(43)}`);
  expect(response?.status()).toBe(404);
});

test("at 1280×720 every column's header and count is whole, and a cut stream puts up the offline banner", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const path = await createScreenLink(page, "Coventry small TV");
  const screen = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const tv = await screen.newPage();
  await tv.goto(path);
  await expect(tv.getByTestId("display-connection")).toHaveText("Live", { timeout: 20_000 });
  await expect(tv.getByTestId("clock")).toHaveText(/^\d\d:\d\d$/);
  await expect(tv.getByTestId("last-update")).toHaveText(/^Updated \d\d:\d\d$/);
  await expectNothingClipped(tv);
  await expectAccessible(tv);
  await tv.screenshot({ path: "e2e/screenshots/workshop-screen-1280x720.png" });

  // The stream is cut (every connection to it fails): after more than 10 s the banner crosses the
  // screen. (Going offline would not do: Chromium keeps an open stream open.)
  const banner = tv.getByTestId("offline-banner");
  await tv.route("**/stream**", (route) => route.abort("connectionreset"));
  await tv.reload();
  await expect(banner).toHaveText(/^Offline since \d\d:\d\d, showing data from \d\d:\d\d/, {
    timeout: 30_000,
  });
  const bannerBox = (await banner.locator("div").first().boundingBox())!;
  expect(bannerBox.width).toBeGreaterThanOrEqual(1280 - 1);
  await tv.screenshot({ path: "e2e/screenshots/workshop-screen-offline.png" });
  // The stream is back: the banner clears by itself (the browser retries within seconds).
  await tv.unroute("**/stream**");
  await expect(banner).toBeEmpty({ timeout: 40_000 });
  await expect(tv.getByTestId("display-connection")).toHaveText("Live");
  await screen.close();
});

test("type grows with the screen, and a column too full for cards condenses and pages by itself", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const path = await createScreenLink(page, "Coventry big TV");
  const screen = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const tv = await screen.newPage();
  const headingSizes: number[] = [];
  const pillSizes: number[] = [];
  for (const [width, height] of [
    [1280, 720],
    [1920, 1080],
    [3840, 2160],
  ] as const) {
    await tv.setViewportSize({ width, height });
    await tv.goto(path);
    await expect(tv.getByTestId("display-connection")).toHaveText("Live", { timeout: 20_000 });
    await expectNothingClipped(tv);
    await expectFullBeforeMore(tv);
    headingSizes.push(
      await tv.getByRole("heading", { level: 1 }).evaluate((h) => parseFloat(getComputedStyle(h).fontSize)),
    );
    pillSizes.push(await pillSize(tv));
    if (width > 1280) await tv.screenshot({ path: `e2e/screenshots/workshop-screen-${width}x${height}.png` });
  }
  expect(headingSizes[1]).toBeGreaterThan(headingSizes[0]!);
  expect(headingSizes[2]).toBeGreaterThan(headingSizes[1]!);
  // Time pills legible at 3 m: 20 px at 720p, growing with the screen.
  expect(pillSizes[0]).toBeGreaterThanOrEqual(19.5);
  expect(pillSizes[1]).toBeGreaterThanOrEqual(29.5);
  expect(pillSizes[2]).toBeGreaterThanOrEqual(59);

  // 40 vehicles head for Coventry at once, across the inbound stage's three substages, and 26 arrive:
  // more than fit as cards, or as lines, at 1280×720. A screen's board carries up to
  // WORKSHOP_CARDS_PER_GROUP (30) a group, so a column pages through them rather than saying "+16 more"
  // beside empty room (the staff board's 10 a group did that).
  const crowd = await withE2eDatabase(async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO "PrepJob" (id, "organisationId", "profileId", vin, vrm, make, model, "prepSiteId",
         "businessArea", source, stage, substage, "createdByUser", "stageChangedAt", "updatedAt")
       SELECT 'e2e-crowd-' || n, job."organisationId", job."profileId", 'TMBCROWD' || lpad(n::text, 9, '0'),
         'CR' || lpad(n::text, 2, '0') || ' OWD', 'Skoda', 'Octavia', job."prepSiteId", job."businessArea",
         job.source, CASE WHEN n > 40 THEN 'ARRIVED' ELSE 'INBOUND' END::"PrepJobStage",
         CASE WHEN n <= 40 THEN
           (ARRAY['SCHEDULED', 'DELIVERED', 'PENDING_MOVEMENT_REQUEST'])[1 + n % 3]::"PrepJobSubstage" END, 'e2e',
         now() - n * interval '3 hours', now()
       FROM generate_series(1, 66) AS n,
         (SELECT * FROM "PrepJob" WHERE "prepSiteId" = (SELECT id FROM "Site" WHERE code = 'COV1') LIMIT 1) AS job
       RETURNING id`,
    );
    return rows.map((row) => row.id);
  });
  try {
    await tv.setViewportSize({ width: 1280, height: 720 });
    await tv.goto(path);
    const inbound = tv.locator("section[data-stage=INBOUND]");
    const arrived = tv.locator("section[data-stage=ARRIVED]");
    await expect(inbound).toHaveAttribute("data-fit", "pages");
    await expect(arrived).toHaveAttribute("data-fit", "pages");
    // The page on show, whichever it is by now: each stays 8 s, and a loaded machine can take longer than
    // that from the load to here (a test that read "page 1" after the checks below failed so).
    const firstPage = (await inbound.getByTestId("column-page").textContent())!;
    expect(firstPage).toMatch(/^\d+–\d+ of \d+( longest in stage · \+\d+ more)? · page \d\/[2-9]/);
    await expectNothingClipped(tv);
    await expectFullBeforeMore(tv);
    // The 26 arrivals and more are on the pages: all the column carries, not the first 10.
    const arrivedPage = (await arrived.getByTestId("column-page").textContent())!;
    expect(Number(/ of (\d+)/.exec(arrivedPage)?.[1])).toBeGreaterThanOrEqual(26);
    expect(await pillSize(tv, "INBOUND")).toBeGreaterThanOrEqual(19.5);
    await tv.screenshot({ path: "e2e/screenshots/workshop-screen-crowded-1280x720.png" });
    // It turns the page by itself.
    await expect(inbound.getByTestId("column-page")).not.toHaveText(firstPage, { timeout: 12_000 });
  } finally {
    await withE2eDatabase((client) => client.query(`DELETE FROM "PrepJob" WHERE id = ANY($1)`, [crowd]));
  }
  await screen.close();
});

test("what the work items wait for shows on cards and on one-line rows, and a column with room draws cards", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  // A prep site of its own, so that what the other tests move at Coventry does not change its columns.
  // Appraised: three vehicles (the screen that showed them as three rows above an empty column, without
  // their badges); Arrived: sixteen, more than fit as cards, each waiting for parts or at a sublet.
  const site = await withE2eDatabase(async (client) => {
    const { rows } = await client.query<{ organisationId: string }>(
      `SELECT "organisationId" FROM "Site" WHERE code = 'COV1'`,
    );
    const siteId = newId();
    await client.query(
      `INSERT INTO "Site" (id, "organisationId", name, code, "countryCode", "addressLine1", city, postcode,
         latitude, longitude, "isPrepSite")
       VALUES ($1, $2, 'E2E Recon Prep Centre', 'E2ERTV', 'GB', '1 Recon Way', 'Coventry', 'CV1 1AA',
         52.41, -1.51, true)`,
      [siteId, rows[0]!.organisationId],
    );
    const jobs: { vrm: string; stage: string; waiting: string }[] = [
      { vrm: "RA01 APR", stage: "APPRAISED", waiting: "AWAITING_APPROVAL" },
      { vrm: "RA02 APR", stage: "APPRAISED", waiting: "AWAITING_APPROVAL" },
      { vrm: "RA03 PRT", stage: "APPRAISED", waiting: "WAITING_PARTS" },
      ...Array.from({ length: 16 }, (_, n) => ({
        vrm: `RR${String(n + 1).padStart(2, "0")} ARR`,
        stage: "ARRIVED",
        waiting: n % 2 === 0 ? "WAITING_SUBLET" : "WAITING_PARTS",
      })),
    ];
    for (const [n, job] of jobs.entries()) {
      const prepJobId = `e2e-recon-tv-${n}`;
      await client.query(
        `INSERT INTO "PrepJob" (id, "organisationId", "profileId", vin, vrm, make, model, "prepSiteId",
           "businessArea", source, stage, "createdByUser", "stageChangedAt", "updatedAt")
         SELECT $1, job."organisationId", job."profileId", $2, $3, 'Skoda', 'Superb', $4, job."businessArea",
           job.source, $5::"PrepJobStage", 'e2e', now() - ($6 || ' hours')::interval, now()
         FROM (SELECT * FROM "PrepJob" WHERE "prepSiteId" = (SELECT id FROM "Site" WHERE code = 'COV1')
           LIMIT 1) AS job`,
        [prepJobId, `TMBRECONTV${String(n).padStart(7, "0")}`, job.vrm, siteId, job.stage, String(100 - n)],
      );
      await client.query(
        `INSERT INTO "ReconWorkItem" (id, "organisationId", "prepJobId", category, description, state, currency,
           "estimatedCents", "partsExpectedOn", "createdBy", "updatedAt")
         SELECT $1, "organisationId", id, 'MECHANICAL', 'Front brake discs and pads', $2::"WorkItemState",
           'GBP', 30000, CASE WHEN $2 = 'WAITING_PARTS' THEN current_date + 3 END, 'e2e', now()
         FROM "PrepJob" WHERE id = $3`,
        [newId(), job.waiting, prepJobId],
      );
    }
    return { siteId, jobs };
  });
  try {
    const path = await createScreenLink(page, "Recon TV", "E2E Recon Prep Centre (E2ERTV)");
    const screen = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    const tv = await screen.newPage();
    for (const [width, height] of [
      [1280, 720],
      [1920, 1080],
    ] as const) {
      await tv.setViewportSize({ width, height });
      await tv.goto(path);
      await expect(tv.getByTestId("display-connection")).toHaveText("Live", { timeout: 20_000 });
      const appraised = tv.locator("section[data-stage=APPRAISED]");
      const arrived = tv.locator("section[data-stage=ARRIVED]");
      await expect(appraised.getByTestId("workshop-job")).toHaveCount(3);
      // Three vehicles in an otherwise empty column are cards, as many as fit whole; one-line rows only
      // for what does not fit beside them.
      await expect(appraised).toHaveAttribute("data-fit", /^(cards|mixed)$/);
      const appraisedJobs = appraised.getByTestId("workshop-job");
      await expect(appraisedJobs.first()).toHaveAttribute("data-kind", "card");
      if ((await appraised.getAttribute("data-fit")) === "mixed") {
        const room = await appraised.evaluate((column) => {
          const list = column.querySelector("ul")!;
          const cards = [...list.querySelectorAll<HTMLElement>("li[data-kind=card]")];
          return {
            free: list.parentElement!.getBoundingClientRect().bottom - list.getBoundingClientRect().bottom,
            card: Math.min(...cards.map((card) => card.offsetHeight)),
          };
        });
        expect(room.free, "no room for one more card").toBeLessThan(room.card);
      }
      await expect(arrived).toHaveAttribute("data-fit", /^(rows|pages)$/);

      // Every job says what it waits for, on a card and on a row alike, whole, inside its job and in
      // large type. Read in one go: the Arrived column turns its pages by itself.
      const shown = await tv.locator("main").evaluate((main) =>
        [...main.querySelectorAll<HTMLElement>("[data-testid=workshop-job]")].map((job) => {
          const pill = job.querySelector<HTMLElement>("[data-testid=waiting-pill]");
          const [outer, inner] = [job.getBoundingClientRect(), pill?.getBoundingClientRect()];
          return {
            vrm: job.querySelector(".font-mono")?.textContent?.trim() ?? "",
            kind: job.dataset.kind,
            words: pill?.textContent ?? null,
            inside:
              !!inner &&
              inner.width > 0 &&
              inner.left >= outer.left - 0.5 &&
              inner.right <= outer.right + 0.5 &&
              inner.bottom <= outer.bottom + 0.5,
            whole: !!pill && pill.scrollWidth <= pill.clientWidth + 1,
            fontSize: pill ? parseFloat(getComputedStyle(pill).fontSize) : 0,
          };
        }),
      );
      expect(shown.length).toBeGreaterThan(3);
      for (const job of shown) {
        const waiting = site.jobs.find((candidate) => candidate.vrm === job.vrm)?.waiting;
        expect(job, job.vrm).toMatchObject({
          words: WAITING_WORDS[waiting ?? ""],
          inside: true,
          whole: true,
        });
        expect(job.fontSize, job.vrm).toBeGreaterThanOrEqual(width === 1280 ? 17.5 : 26.5);
      }
      expect(shown.filter((job) => job.kind === "card").length).toBeGreaterThan(0);
      expect(shown.filter((job) => job.kind === "row").length).toBeGreaterThan(0);
      await expectNothingClipped(tv);
      await expectFullBeforeMore(tv);
      await expectAccessible(tv);
      await tv.screenshot({ path: `e2e/screenshots/workshop-screen-recon-${width}x${height}.png` });
    }
    await screen.close();
  } finally {
    await withE2eDatabase(async (client) => {
      await client.query(`DELETE FROM "PrepJob" WHERE "prepSiteId" = $1`, [site.siteId]);
      await client.query(`DELETE FROM "Site" WHERE id = $1`, [site.siteId]);
    });
  }
});

test("the screen shows the site's WIP limits, amber at a limit and red over it, in words too", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const path = await createScreenLink(page, "Coventry WIP TV");
  const coventry = `(SELECT id FROM "Site" WHERE code = 'COV1')`;
  // Three arrivals of its own, so that the stage has jobs whatever the other tests moved.
  const arrivals = await withE2eDatabase(async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO "PrepJob" (id, "organisationId", "profileId", vin, vrm, make, model, "prepSiteId",
         "businessArea", source, stage, "createdByUser", "stageChangedAt", "updatedAt")
       SELECT 'e2e-wip-' || n, job."organisationId", job."profileId", 'TMBWIPJOB' || lpad(n::text, 8, '0'),
         'WP' || lpad(n::text, 2, '0') || ' LIM', 'Skoda', 'Kamiq', job."prepSiteId", job."businessArea",
         job.source, 'ARRIVED', 'e2e', now() - n * interval '1 hour', now()
       FROM generate_series(1, 3) AS n,
         (SELECT * FROM "PrepJob" WHERE "prepSiteId" = ${coventry} LIMIT 1) AS job
       RETURNING id`,
    );
    return rows.map((row) => row.id);
  });
  const saved = await withE2eDatabase(async (client) => {
    const { rows } = await client.query<{ wipLimits: Record<string, number> | null; arrived: string }>(
      `SELECT (SELECT "wipLimits" FROM "PrepSiteSettings" WHERE "siteId" = ${coventry}) AS "wipLimits",
         (SELECT count(*) FROM "PrepJob" WHERE "prepSiteId" = ${coventry} AND stage = 'ARRIVED') AS arrived`,
    );
    return rows[0]!;
  });
  const arrivedJobs = Number(saved.arrived);
  expect(arrivedJobs).toBeGreaterThan(1);
  const setLimits = (limits: Record<string, number>) =>
    withE2eDatabase((client) =>
      client.query(
        `INSERT INTO "PrepSiteSettings" ("siteId", "organisationId", "wipLimits", "updatedAt", "updatedBy")
         SELECT id, "organisationId", $1::jsonb, now(), 'e2e' FROM "Site" WHERE code = 'COV1'
         ON CONFLICT ("siteId") DO UPDATE SET "wipLimits" = excluded."wipLimits"`,
        [JSON.stringify(limits)],
      ),
    );
  const screen = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const tv = await screen.newPage();
  try {
    await setLimits({ ARRIVED: arrivedJobs - 1, APPRAISED: 90 });
    await tv.goto(path);
    await expect(tv.getByTestId("display-connection")).toHaveText("Live", { timeout: 20_000 });
    const arrived = tv.locator("section[data-stage=ARRIVED]");
    await expect(arrived).toHaveAttribute("data-wip", "over");
    await expect(arrived.getByTestId("column-count")).toHaveText(`${arrivedJobs} / ${arrivedJobs - 1}`);
    await expect(arrived.getByTestId("column-wip")).toHaveText("Over the WIP limit");
    const appraised = tv.locator("section[data-stage=APPRAISED]");
    await expect(appraised).toHaveAttribute("data-wip", "ok");
    await expect(appraised.getByTestId("column-count")).toHaveText(/^\d+ \/ 90$/);
    await expect(tv.locator("section[data-stage=INBOUND]")).not.toHaveAttribute("data-wip", /./);
    await expect(tv.locator("footer")).toContainText("Count / WIP limit.");
    await expectNothingClipped(tv);
    await expectAccessible(tv);
    await tv.screenshot({ path: "e2e/screenshots/workshop-screen-wip-1280x720.png" });

    await setLimits({ ARRIVED: arrivedJobs });
    await tv.reload();
    await expect(arrived).toHaveAttribute("data-wip", "at");
    await expect(arrived.getByTestId("column-wip")).toHaveText("At the WIP limit");
  } finally {
    await setLimits(saved.wipLimits ?? {});
    await withE2eDatabase((client) => client.query(`DELETE FROM "PrepJob" WHERE id = ANY($1)`, [arrivals]));
    await screen.close();
  }
});

test("on a phone the list of workshop screens fits the screen", async ({ page }) => {
  await createScreenLink(page, "Coventry phone check");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  const row = page.getByTestId("display-link-row").filter({ hasText: "Coventry phone check" });
  await expect(row).toContainText("Active");
  await expect(row.getByRole("button", { name: "Revoke Coventry phone check" })).toBeVisible();
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    table: document.querySelector("table")!.getBoundingClientRect().width,
    tableContent: document.querySelector("table")!.scrollWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(390);
  expect(widths.table).toBeLessThanOrEqual(390);
  expect(widths.tableContent).toBeLessThanOrEqual(390);
  for (const box of await page
    .getByTestId("display-link-row")
    .evaluateAll((rows) => rows.map((element) => element.getBoundingClientRect().right)))
    expect(box).toBeLessThanOrEqual(390);
  await expectAccessible(page);
  await page.screenshot({ path: "e2e/screenshots/display-links-390x844.png", fullPage: true });
});
