// The carrier's phone in the e2e tests (390×844): requests offered to the demo drivers, the job link
// from the development mailbox, and the layout checks every job page gets.
import { expect, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { env } from "@/lib/env";
import { withE2eDatabase } from "./e2e-database";

export const integration = () => ({ "X-Service-API-Key": env().DEMO_API_KEY_A });
export const operations = () => ({ "X-Service-API-Key": env().DEMO_OPS_API_KEY });
export const PHONE = { width: 390, height: 844 };
/**
 * Where the pictures for the docs go: `docs/images/` only when asked (`UPDATE_DOC_IMAGES=1`), so that a
 * test run leaves the checkout as it was; otherwise beside the other screenshots (git-ignored).
 */
export const IMAGES = process.env.UPDATE_DOC_IMAGES === "1" ? "docs/images" : "e2e/screenshots/docs";

export async function poolRequest(request: APIRequestContext, vrm: string): Promise<string> {
  const sites = (
    (await (await request.get("/v1/infrastructure/sites", { headers: integration() })).json()) as {
      data: { id: string; countryCode: string }[];
    }
  ).data.filter((site) => site.countryCode === "GB");
  const created = await request.post("/v1/movement-requests/create-in-planning-pool", {
    headers: integration(),
    data: {
      vehicle: { vrm, vin: "WF0XXXGCDX4444444", make: "Volkswagen", model: "Golf" },
      origin: { location: { type: "INTERNAL", siteId: sites[0]!.id } },
      destination: {
        location: { type: "INTERNAL", siteId: sites[1]!.id },
        deliveryByDate: "2027-06-01",
        deliveryByTime: "16:00",
      },
      businessArea: "Retail",
      transportMethod: "DRIVEN",
      notes: "Keys at reception",
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

export async function driversOfA(request: APIRequestContext) {
  const drivers = (
    (await (await request.get("/v1/operations/drivers", { headers: operations() })).json()) as {
      data: { id: string; firstname: string; surname: string }[];
    }
  ).data;
  return withE2eDatabase(async (client) => {
    const rows = await client.query<{ id: string; email: string; firstname: string }>(
      `SELECT id, email, firstname FROM "Driver" WHERE id = ANY($1) AND email IS NOT NULL ORDER BY id`,
      [drivers.map((driver) => driver.id)],
    );
    return rows.rows;
  });
}

/** The job link in the e-mail to `to` written after `since`, once the worker has sent it. */
export async function mailedLink(to: string, since: Date): Promise<string> {
  let link = "";
  await expect
    .poll(
      async () => {
        const rows = await withE2eDatabase(
          async (client) =>
            (
              await client.query<{ text: string }>(
                `SELECT text FROM "EmailMessage" WHERE "to" = $1 AND kind = 'job_link' AND status = 'SENT'
                   AND "createdAt" >= $2
                 ORDER BY "createdAt" DESC LIMIT 1`,
                [to, since],
              )
            ).rows,
        );
        link = /\/jobs\/[A-Za-z0-9_-]{43}/.exec(rows[0]?.text ?? "")?.[0] ?? "";
        return link;
      },
      { timeout: 30_000 },
    )
    .not.toBe("");
  return link;
}

export async function expectNoSidewaysScroll(page: Page) {
  for (const width of [360, 390, 768, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, `sideways scroll at ${width} px`).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize(PHONE);
}

export async function phone(browser: Browser) {
  return browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true, locale: "en-GB" });
}

/** The demo marketplace carrier (Moorland Vehicle Transfers, Northgate; serves M, LS and S). */
export const DEMO_CARRIER = "carrier@demo.test";

/** Northgate's site ids by their codes ("MAN1", "LDS1"). */
export async function siteIdsOfA(request: APIRequestContext): Promise<(code: string) => string> {
  const sites = (
    (await (await request.get("/v1/infrastructure/sites", { headers: integration() })).json()) as {
      data: { id: string; code: string }[];
    }
  ).data;
  return (code) => sites.find((candidate) => candidate.code === code)!.id;
}

/** A Northgate pool request from Manchester to Leeds (areas M and LS: the demo carrier serves both). */
export async function marketplaceRequest(request: APIRequestContext, vrm: string): Promise<string> {
  const site = await siteIdsOfA(request);
  const created = await request.post("/v1/movement-requests/create-in-planning-pool", {
    headers: integration(),
    data: {
      vehicle: { vrm, make: "Nissan", model: "Juke" },
      origin: { location: { type: "INTERNAL", siteId: site("MAN1") } },
      destination: { location: { type: "INTERNAL", siteId: site("LDS1") }, deliveryByDate: "2027-06-01" },
      businessArea: "Retail",
      transportMethod: "DRIVEN",
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

/** The dispatcher decides who wins (another test may have turned the organisation's auto-accept on). */
export async function dispatcherDecidesMarketplace(): Promise<void> {
  await withE2eDatabase((client) =>
    client.query(
      `UPDATE "Organisation" SET "marketplaceAutoAccept" = false
       WHERE id = (SELECT "organisationId" FROM "User" WHERE email = $1)`,
      [DEMO_CARRIER],
    ),
  );
}
