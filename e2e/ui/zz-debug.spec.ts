import { expect, test } from "@playwright/test";
import { DEMO_STAFF, signIn } from "../support/sign-in";
test("debug", async ({ page }) => {
  page.on("console", (m) => console.log("CONSOLE", m.type(), m.text()));
  page.on("pageerror", (e) => console.log("PAGEERROR", e.message));
  await signIn(page, DEMO_STAFF.admin, { callbackUrl: "/settings/messages" });
  await page.waitForTimeout(3000);
  const box = page.getByLabel("Arriving in about 15 minutes");
  await box.click();
  await page.waitForTimeout(500);
  console.log("checked after click", await box.isChecked());
  await page.goto(`/opt-out/${process.env.TOKEN}`);
  await page.getByRole("button", { name: "Stop messages" }).click();
  await page.waitForTimeout(2000);
  console.log("URL", page.url());
  console.log((await page.content()).slice(0, 300));
  await page.screenshot({ path: "/tmp/notify-debug.png" });
});
