// A signed-in admin's session cookie for a benchmark's HTTP requests: signs in through the form in a
// headless browser, as a person would.
import { chromium } from "@playwright/test";
import playwrightConfig from "@/e2e/playwright.config";
import { DEMO_STAFF, signIn } from "@/e2e/support/sign-in";

export async function sessionCookie(baseUrl: string): Promise<string> {
  const browser = await chromium.launch(playwrightConfig.use?.launchOptions);
  try {
    const context = await browser.newContext({ baseURL: baseUrl });
    const page = await context.newPage();
    await signIn(page, DEMO_STAFF.admin, { callbackUrl: "/board" });
    const cookies = await context.cookies();
    return cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
  } finally {
    await browser.close();
  }
}
