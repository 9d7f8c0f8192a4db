// Signing in from a Playwright test, as a person would: the sign-in form, then wherever it leads.
//   import { DEMO_STAFF, signIn } from "../support/sign-in";
//   await signIn(page, DEMO_STAFF.dispatcher);            // lands on /board
//   await signIn(page, DEMO_STAFF.admin, { callbackUrl: "/integrations" });
import { expect, type Page } from "@playwright/test";
import { env } from "@/lib/env";

/** The seeded staff users (prisma/seed/staff.ts); all share DEMO_PASSWORD. */
export const DEMO_STAFF = {
  /** Northgate Motors (organisation A), Alex Morgan. */
  admin: "admin@demo.test",
  /** Northgate Motors, Dana Whitfield. */
  dispatcher: "dispatcher@demo.test",
  /** Northgate Motors, Pat Okafor (works at two of the three prep sites). */
  prep: "prep@demo.test",
  /** Harbour Fleet (organisation B), Bea Lindqvist. */
  otherDispatcher: "dispatcher@other.test",
} as const;

export async function fillSignInForm(
  page: Page,
  email: string,
  password = env().DEMO_PASSWORD,
): Promise<void> {
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/** Signs in and waits until the browser has left the sign-in page. */
export async function signIn(
  page: Page,
  email: string,
  options: { password?: string; callbackUrl?: string } = {},
): Promise<void> {
  const query = options.callbackUrl ? `?${new URLSearchParams({ callbackUrl: options.callbackUrl })}` : "";
  await page.goto(`/sign-in${query}`);
  await fillSignInForm(page, email, options.password);
  await expect(page).not.toHaveURL(/\/sign-in(\?|$)/, { timeout: 15_000 });
}

/** Signs out through the shell's button. */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in\?signedOut=1$/);
}
