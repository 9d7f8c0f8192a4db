// /docs/api: Scalar draws the OpenAPI document in the browser. Every chapter, tag, curl example and
// error code is there, the problem bodies' links land on their code, nothing comes from another origin,
// and nothing breaks the Content-Security-Policy.
import { expect, test, type Page } from "@playwright/test";
import { env } from "@/lib/env";
import { expectAccessible } from "../support/accessibility";
import { E2E_BASE_URL } from "../support/e2e-environment";

const CHAPTERS = [
  "Authentication",
  "Requests",
  "Errors",
  "Rate limits",
  "Idempotency",
  "Webhooks",
  "Versioning",
  "Error codes",
];
const TAGS = [
  "Movement requests",
  "Infrastructure",
  "Prep jobs",
  "Operations",
  "Events",
  "Webhook endpoints",
];

/** Requests to any other origin, and the policy's complaints, from the first navigation on. */
async function watchOutside(page: Page): Promise<{ foreign: string[]; violations: string[] }> {
  const foreign: string[] = [];
  const violations: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (["http:", "https:"].includes(url.protocol) && url.origin !== E2E_BASE_URL) foreign.push(url.href);
  });
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction("__reportCspViolation", (violation: string) => violations.push(violation));
  // Playwright's init scripts run outside the page's CSP: the listener itself is not a violation.
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { __reportCspViolation: (text: string) => void })
        .__reportCspViolation;
      report(`${event.violatedDirective} blocked ${event.blockedURI || "inline"}`);
    });
  });
  return { foreign, violations };
}

test("the API reference shows every chapter, tag and error code, all from this origin", async ({ page }) => {
  const outside = await watchOutside(page);
  await page.goto("/docs/api");
  await expect(page.getByRole("heading", { level: 1, name: "Vehicle Movement Service API" })).toBeVisible();
  for (const name of CHAPTERS) {
    await expect(page.getByRole("heading", { level: 2, name, exact: true }), name).toBeAttached();
  }
  // Scalar draws a tag's operations as they scroll into view; the sidebar lists every tag.
  const sidebar = page.getByRole("complementary");
  for (const name of [...TAGS, "Models"]) {
    await expect(sidebar.getByRole("link", { name, exact: true }), name).toBeVisible();
  }
  await expect(page.locator("#error-invalid-vrm")).toHaveCount(1);
  await expect(page.locator("#error-rate-limited")).toHaveCount(1);
  await page.waitForLoadState("networkidle");
  expect(outside.foreign).toEqual([]);
  expect(outside.violations).toEqual([]);
  await expectAccessible(page);
});

test("each operation's curl example carries this service's address and its scope's demo key", async ({
  page,
}) => {
  await page.goto("/docs/api#tag/movement-requests/POST/movement-requests/create-in-planning-pool");
  const create = page.getByText(`${E2E_BASE_URL}/v1/movement-requests/create-in-planning-pool`).first();
  await expect(create).toBeVisible();
  await expect(page.getByText(`X-Service-API-Key: ${env().DEMO_API_KEY_A}`).first()).toBeAttached();
});

test("a problem body's link lands on its error code", async ({ page, request }) => {
  const problem = await request.get("/v1/movement-requests/no-such-request", {
    headers: { "X-Service-API-Key": env().DEMO_API_KEY_A },
  });
  const { type } = (await problem.json()) as { type: string };
  expect(type).toMatch(/^\/docs\/api#error-/);
  await page.goto(type);
  await expect(page.locator(`#${type.split("#")[1]}`)).toBeInViewport();
});
