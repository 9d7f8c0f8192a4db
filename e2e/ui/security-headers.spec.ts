// The browser-side security of every kind of page: the headers (Content-Security-Policy with a fresh
// nonce, framing, sniffing, referrer, HSTS), a real Chromium reporting no CSP violation anywhere while
// each page still hydrates and works, and the session cookie's flags.
import { expect, test, type Page } from "@playwright/test";
import { INVALID_CREDENTIALS_MESSAGE } from "@/lib/auth/sign-in-schema";
import { env } from "@/lib/env";
import { DEMO_STAFF, fillSignInForm, signIn } from "../support/sign-in";

/** Collects every CSP violation the page reports, by event and by console message, across navigations. */
async function watchCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction("__reportCspViolation", (violation: string) => violations.push(violation));
  // Playwright's init scripts run outside the page's CSP: the listener itself is not a violation.
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { __reportCspViolation: (text: string) => void })
        .__reportCspViolation;
      report(`${event.violatedDirective} blocked ${event.blockedURI || "inline"} on ${location.pathname}`);
    });
  });
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

/** Anything with response headers: a page navigation or an API request. */
type WithHeaders = { headers(): Record<string, string> } | null;

function expectSecurityHeaders(response: WithHeaders, what: string): string {
  expect(response, what).not.toBeNull();
  const headers = response!.headers();
  const policy = headers["content-security-policy"] ?? "";
  expect(policy, what).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/]+={0,2}' 'strict-dynamic'(;|$)/);
  expect(policy, what).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  for (const directive of [
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "connect-src 'self'",
  ]) {
    expect(policy, what).toContain(directive);
  }
  expect(headers["x-content-type-options"], what).toBe("nosniff");
  expect(headers["referrer-policy"], what).toBe("strict-origin-when-cross-origin");
  expect(headers["x-frame-options"], what).toBe("DENY");
  // A production build; browsers ignore it over this plain-http test server.
  expect(headers["strict-transport-security"], what).toBe("max-age=31536000; includeSubDomains");
  return policy;
}

async function visit(page: Page, path: string): Promise<string> {
  const response = await page.goto(path);
  return expectSecurityHeaders(response, path);
}

async function trackingPath(page: Page): Promise<string> {
  const headers = { "X-Service-API-Key": env().DEMO_API_KEY_A };
  const sites = (
    (await (await page.request.get("/v1/infrastructure/sites", { headers })).json()) as {
      data: { id: string; countryCode: string }[];
    }
  ).data.filter((site) => site.countryCode === "GB");
  const created = await page.request.post("/v1/movement-requests/create-in-planning-pool", {
    headers,
    data: {
      vehicle: { vrm: "CS11 PLC", make: "Skoda", model: "Octavia" },
      origin: { location: { type: "INTERNAL", siteId: sites[0]!.id } },
      destination: { location: { type: "INTERNAL", siteId: sites[1]!.id }, deliveryByDate: "2027-03-01" },
      businessArea: "Retail",
      transportMethod: "DRIVEN",
    },
  });
  expect(created.status()).toBe(201);
  return new URL(((await created.json()) as { trackingUrl: string }).trackingUrl).pathname;
}

test("public pages: every response has its own nonce, no violation, and the page hydrates", async ({
  page,
}) => {
  const violations = await watchCspViolations(page);
  const nonces = new Set<string>();
  for (const path of ["/", "/docs/api", await trackingPath(page), "/docs/no-such-page"]) {
    const response = await page.goto(path);
    const policy = expectSecurityHeaders(response, path);
    nonces.add(/'nonce-([^']+)'/.exec(policy)![1]!);
    // Next stamps the nonce of this response on the scripts of its HTML. A chunk loaded later by those
    // scripts (the tracking page's map) has none: 'strict-dynamic' allows it, the watch below would
    // report a violation.
    const html = (await response!.text()).replaceAll("&amp;", "&");
    const stamped = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((match) => match[1]!);
    const scriptNonces = await page
      .locator("script[src]")
      .evaluateAll(
        (scripts, fromHtml) =>
          scripts
            .filter((script) => fromHtml.includes(script.getAttribute("src") ?? ""))
            .map((script) => (script as HTMLScriptElement).nonce),
        stamped,
      );
    expect(scriptNonces.length, path).toBeGreaterThan(0);
    expect(new Set(scriptNonces), path).toEqual(new Set([/'nonce-([^']+)'/.exec(policy)![1]!]));
  }
  expect(nonces.size).toBe(4);

  // The sign-in form is a client component calling a server action: typing a wrong password gets
  // the server's answer back into the page.
  await visit(page, "/sign-in");
  // An unknown account: the seeded users keep their whole sign-in budget for the other tests.
  await fillSignInForm(page, "nobody@demo.test", "not-the-password");
  await expect(page.locator("#sign-in-error")).toHaveText(INVALID_CREDENTIALS_MESSAGE);
  expect(violations).toEqual([]);
});

test("signing in sets an HttpOnly, SameSite session cookie (Secure is for https addresses)", async ({
  page,
  context,
}) => {
  const violations = await watchCspViolations(page);
  await signIn(page, DEMO_STAFF.dispatcher);
  const session = (await context.cookies()).find((cookie) => cookie.name.startsWith("authjs.session-token"));
  expect(session).toBeDefined();
  expect(session!.httpOnly).toBe(true);
  expect(session!.sameSite).toBe("Lax");
  // This server's AUTH_URL is http://127.0.0.1: a Secure cookie could never come back. With an https
  // AUTH_URL the cookie is __Secure- prefixed and Secure (secureCookies(), staff-auth.config.test.ts).
  expect(session!.secure).toBe(false);
  expect(await page.evaluate(() => document.cookie)).not.toContain("authjs.session-token");
  expect(violations).toEqual([]);
});

test("staff pages: no violation, and each page's scripts run (live updates, dialogs, validation)", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const violations = await watchCspViolations(page);
  await signIn(page, DEMO_STAFF.admin);

  await visit(page, "/board");
  // The live connection is an EventSource opened by the page's scripts (connect-src 'self').
  await expect(page.getByRole("status").filter({ hasText: /^Live$/ })).toBeVisible({ timeout: 15_000 });
  await page.getByRole("button", { name: /^Status:/ }).click();
  await expect(page.getByRole("checkbox", { name: "Planned", exact: true })).toBeVisible();

  await visit(page, "/movements/new");
  await page.getByRole("button", { name: "Continue to origin" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toBeVisible();

  await visit(page, "/prep-jobs");
  await expect(page.getByTestId("kanban-board")).toHaveAttribute("data-connection", "live", {
    timeout: 15_000,
  });

  await visit(page, "/integrations");
  await page.getByRole("button", { name: "Add endpoint" }).first().click();
  await expect(page.getByRole("dialog", { name: "Add a webhook endpoint" })).toBeVisible();

  // A workshop screen link, made through the page's server action, opened as a signed-out screen.
  await visit(page, "/prep-jobs/display-links");
  await page.getByLabel("Screen name").fill("CSP check screen");
  await page.getByLabel("Prep site").selectOption({ index: 1 });
  await page.getByRole("button", { name: "Create link" }).click();
  const url = (await page.getByTestId("display-link-url").textContent())!.trim();

  const screen = await browser.newContext();
  const tv = await screen.newPage();
  const screenViolations = await watchCspViolations(tv);
  expectSecurityHeaders(await tv.goto(new URL(url).pathname), "workshop screen");
  await expect(tv.getByTestId("display-connection")).toHaveText("Live", { timeout: 15_000 });
  await screen.close();

  expect(violations).toEqual([]);
  expect(screenViolations).toEqual([]);
});

test("injected markup cannot run script: the policy is enforced, not only sent", async ({ page }) => {
  const violations = await watchCspViolations(page);
  await visit(page, "/sign-in");
  // What an HTML injection would bring: an inline event handler. (A script created by the page's own
  // trusted code may run under 'strict-dynamic'; markup from elsewhere may not.)
  const ran = await page.evaluate(async () => {
    const marker = window as unknown as { injectedRan?: boolean };
    document.body.insertAdjacentHTML(
      "beforeend",
      '<img src="/no-such-image.png" onerror="window.injectedRan = true">',
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    return marker.injectedRan === true;
  });
  expect(ran).toBe(false);
  await expect.poll(() => violations.length).toBeGreaterThan(0);
  expect(violations.join("\n")).toMatch(/script-src/);
});
