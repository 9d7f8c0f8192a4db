// Signing in from a Playwright test, as a person would: the sign-in form, then wherever it leads. The
// worker keeps each user's session and reuses it (see heldSessions); auth.spec tests the form itself
// (fillSignInForm).
//   import { DEMO_STAFF, signIn } from "../support/sign-in";
//   await signIn(page, DEMO_STAFF.dispatcher);            // lands on /board
//   await signIn(page, DEMO_STAFF.admin, { callbackUrl: "/integrations" });
import { expect, type Cookie, type Page } from "@playwright/test";
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

/**
 * The cookies of a session this worker already signed in through the form, by e-mail. Each test has a
 * fresh browser context, and contexts share no cache: a form sign-in loads and compiles the sign-in
 * page again, then posts it. A later signIn of the same user reuses the session instead.
 */
const heldSessions = new Map<string, Cookie[]>();

/**
 * Signs in and waits until the browser has left the sign-in page. A user this worker has signed in
 * before reuses that session (it lands where the form would); a session that has ended since (signed
 * out, ended by an admin, idle) is dropped and the form is used.
 */
export async function signIn(
  page: Page,
  email: string,
  options: { password?: string; callbackUrl?: string } = {},
): Promise<void> {
  const held = options.password === undefined ? heldSessions.get(email) : undefined;
  if (held) {
    await page.context().addCookies(held);
    await page.goto(options.callbackUrl ?? "/");
    // Signed-in staff never stay on "/" (it leads to their start page) nor on the sign-in page.
    if (!/^\/(sign-in)?$/.test(new URL(page.url()).pathname)) return;
    heldSessions.delete(email);
  }
  const query = options.callbackUrl ? `?${new URLSearchParams({ callbackUrl: options.callbackUrl })}` : "";
  await page.goto(`/sign-in${query}`);
  await fillSignInForm(page, email, options.password);
  await expect(page).not.toHaveURL(/\/sign-in(\?|$)/, { timeout: 15_000 });
  if (options.password === undefined) heldSessions.set(email, await page.context().cookies());
}

/** Signs out through the shell's button. */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in\?signedOut=1$/);
}
