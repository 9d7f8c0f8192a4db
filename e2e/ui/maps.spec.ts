// The maps (issue #35 §1, docs/maps.md): the board's Map view with a vehicle that moves live when its
// positions arrive over the operations API, the detail panel's map, the tracking page's map (about
// 1 km, only while the vehicle is coming) and the site pin an admin drops. Each at a phone's and a
// TV's size: drawn, no sideways scroll, no axe violation, screenshots.
import { expect, test, type Page } from "@playwright/test";
import { expectAccessible } from "../support/accessibility";
import { integration, operations } from "../support/carrier-phone";
import { withE2eDatabase } from "../support/e2e-database";
import { DEMO_STAFF, signIn } from "../support/sign-in";
import { onTheRoad, reportPosition as report } from "../support/vehicle-on-the-road";

const SIZES = [
  { width: 390, height: 844 },
  { width: 1920, height: 1080 },
];
const SHOTS = "e2e/screenshots";

/** The other sizes a page must fit: a small phone, a tablet, a TV. */
const OTHER_SIZES = [
  { width: 360, height: 640 },
  { width: 768, height: 1024 },
  { width: 1280, height: 720 },
];

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

/** No sideways scroll at the other sizes either (the page as it stands, resized). */
async function expectFitsEverySize(page: Page) {
  for (const size of OTHER_SIZES) {
    await page.setViewportSize(size);
    await expectNoSidewaysScroll(page);
  }
}

/** The position Leaflet gave a marker on the screen. */
const screenPosition = (page: Page, id: string) =>
  page.locator(`[data-request-id="${id}"]`).evaluate((marker) => (marker as HTMLElement).style.transform);

test("the board's map: sites, lanes and a vehicle that moves live; a click opens its details with a small map", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const vrm = `MP${(Date.now() % 90) + 10} MAP`;
  const id = await onTheRoad(request, vrm);
  await report(request, id, 53.55, -2.05);
  await signIn(page, DEMO_STAFF.dispatcher);

  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.goto("/board?view=map");
    await expect(page.getByRole("link", { name: "Map" })).toHaveAttribute("aria-current", "page");
    const marker = page.locator(`[data-request-id="${id}"]`);
    await expect(marker).toBeVisible({ timeout: 20_000 });
    await expect(page.locator(".leaflet-interactive").first()).toBeAttached();
    await expect(page.getByRole("status").filter({ hasText: /movements on \d+ lanes/ })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/board-map-${size.width}x${size.height}.png` });
  }

  await expectFitsEverySize(page);
  await page.setViewportSize(SIZES[1]!);

  // A new position over the operations API: the marker moves within 5 s, without a reload.
  const before = await screenPosition(page, id);
  await report(request, id, 53.7, -1.75);
  await expect.poll(() => screenPosition(page, id), { timeout: 5_000, intervals: [250] }).not.toBe(before);

  // The same filters as the table: a search that leaves the vehicle out takes it off the map.
  await page.goto("/board?view=map&q=NOSUCHVRM");
  await expect(
    page.getByRole("status").filter({ hasText: /No open movement matches these filters/ }),
  ).toBeVisible();
  await expect(page.locator(`[data-request-id="${id}"]`)).toHaveCount(0);

  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.goto(`/board?view=map&q=${encodeURIComponent(vrm)}`);
    const marker = page.locator(`[data-request-id="${id}"]`);
    await expect(async () => {
      await marker.click();
      await expect(page).toHaveURL(new RegExp(`open=${id}`), { timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    const small = page.getByTestId("movement-map");
    await expect(small).toHaveAttribute("data-vehicle", "shown", { timeout: 15_000 });
    await expect(small.locator(".leaflet-marker-icon")).toHaveCount(1);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await small.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/detail-map-${size.width}x${size.height}.png` });
  }
});

test("the tracking page's map: the destination, and the vehicle to about 1 km while it is coming", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const id = await onTheRoad(request, `TR${(Date.now() % 90) + 10} MAP`);
  const exact = { latitude: 53.612345, longitude: -1.987654 };
  await report(request, id, exact.latitude, exact.longitude);
  const { trackingUrl } = (await (
    await request.get(`/v1/movement-requests/${id}`, { headers: integration() })
  ).json()) as { trackingUrl: string };
  const path = new URL(trackingUrl).pathname;

  // What the page is given is rounded on the server: the exact position never reaches the browser.
  const status = (await (await request.get(`${path}/status`)).json()) as {
    map: { vehicle: { latitude: number; longitude: number } | null };
  };
  expect(status.map.vehicle).not.toBeNull();
  expect(status.map.vehicle!.latitude).not.toBe(exact.latitude);
  expect(Math.abs(status.map.vehicle!.latitude - exact.latitude)).toBeLessThan(0.009);

  for (const size of SIZES) {
    await page.setViewportSize(size);
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    expect(await response!.text()).not.toContain(String(exact.latitude));
    const map = page.getByTestId("tracking-map");
    await expect(map).toHaveAttribute("data-vehicle", "shown");
    // The destination, the area and the vehicle's dot.
    await expect(map.locator("path.leaflet-interactive")).toHaveCount(3);
    await expect(page.getByText(/to within about a kilometre/)).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/tracking-map-${size.width}x${size.height}.png`, fullPage: true });
  }

  // Delivered: the vehicle leaves the customer's map.
  expect(
    (
      await request.post(`/v1/operations/movement-requests/${id}/delivered`, { headers: operations() })
    ).status(),
  ).toBe(200);
  await page.reload();
  await expect(page.getByTestId("tracking-map")).toHaveAttribute("data-vehicle", "none");
});

test("an admin drops a site's pin: a click on the map moves it, saved where every map reads it", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO_STAFF.admin, { callbackUrl: "/settings/sites" });
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.goto("/settings/sites");
    const site = page.getByLabel("Site", { exact: true });
    const siteId = await site.inputValue();
    const latitude = page.getByLabel("Latitude");
    await expect(page.getByTestId("site-pin")).toBeVisible();
    const from = await latitude.inputValue();
    const box = (await page.getByTestId("site-pin-map").boundingBox())!;
    // Well away from the pin (at the map's centre) and from the zoom buttons.
    await page.mouse.click(box.x + box.width * 0.7, box.y + box.height * 0.75);
    await expect(latitude).not.toHaveValue(from);
    const to = Number(await latitude.inputValue());
    await page.getByRole("button", { name: "Save the pin" }).click();
    await expect(page.getByText(/Saved: .* pin is on every map/)).toBeVisible();
    const sites = (await (
      await request.get("/v1/infrastructure/sites", { headers: integration() })
    ).json()) as {
      data: { id: string; latitude: number }[];
    };
    const saved = sites.data.find((candidate) => candidate.id === siteId)!;
    expect(saved.latitude).toBeCloseTo(to, 5);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/site-pin-${size.width}x${size.height}.png` });
  }

  await expectFitsEverySize(page);

  // A typed latitude out of range is refused in the form, nothing sent.
  await page.getByLabel("Latitude").fill("123");
  await page.getByRole("button", { name: "Save the pin" }).click();
  await expect(page.getByText("A latitude lies between −90 and 90.")).toBeVisible();

  // The site's number is saved with its pin; one that is not E.164 is refused in the form.
  await page.reload();
  const siteId = await page.getByLabel("Site", { exact: true }).inputValue();
  const phone = page.getByLabel("Phone number at the site");
  const initialPhone = await phone.inputValue();
  await phone.fill("0161 496 0123");
  await page.getByRole("button", { name: "Save the pin" }).click();
  await expect(page.getByText("Give the number in international form")).toBeVisible();
  await phone.fill("+441614960999");
  await page.getByRole("button", { name: "Save the pin" }).click();
  await expect(page.getByText(/Saved: .* its number on its job pages/)).toBeVisible();
  const stored = await withE2eDatabase(
    async (client) =>
      (await client.query<{ phone: string }>(`SELECT phone FROM "Site" WHERE id = $1`, [siteId])).rows,
  );
  expect(stored).toEqual([{ phone: "+441614960999" }]);
  // Put back for the specs after this one: the seed's number, or none.
  await phone.fill(initialPhone);
  await page.getByRole("button", { name: "Save the pin" }).click();
  await expect(page.getByText(/Saved: .* its number on its job pages/)).toBeVisible();
});

test("vehicles close together are one cluster with their count; its click zooms in to each of them", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = `CL${(Date.now() % 90) + 10} CU`;
  const ids: string[] = [];
  // Three vehicles within 300 m: one cluster at any zoom the map fits them to (it stops at 12).
  for (const [index, offset] of [0, 0.002, 0.004].entries()) {
    const id = await onTheRoad(request, `${tag}${"ABC"[index]}`);
    await report(request, id, 53.48 + offset, -2.24 + offset);
    ids.push(id);
  }
  await signIn(page, DEMO_STAFF.dispatcher);
  await page.setViewportSize(SIZES[1]!);
  await page.goto(`/board?view=map&q=${encodeURIComponent(tag)}`);
  await expect(page.getByRole("status").filter({ hasText: /3 vehicles on the road/ })).toBeVisible();
  const cluster = page.getByRole("button", { name: "3 vehicles: zoom in" });
  await expect(cluster).toBeVisible();
  await expect(page.locator("[data-request-id]")).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/board-map-cluster-1920x1080.png` });
  // Each click zooms to where the cluster splits; a part may still be a smaller cluster.
  const anyCluster = page.getByRole("button", { name: /^\d+ vehicles: zoom in$/ });
  await expect(async () => {
    if (await anyCluster.count()) await anyCluster.first().click();
    for (const id of ids)
      await expect(page.locator(`[data-request-id="${id}"]`)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expectAccessible(page);
});
