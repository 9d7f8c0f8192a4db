// The sign-in form's fields: one schema for the browser form and the server's credential check.
import { z } from "zod";

export const signInInput = z.object({
  email: z
    .string()
    .trim()
    .min(1, "Enter your e-mail address")
    .max(254, "That e-mail address is too long")
    .pipe(z.email("Enter an e-mail address like name@example.com"))
    .transform((email) => email.toLowerCase()),
  // bcrypt reads 72 bytes at most; the cap only keeps absurd inputs away from the hash.
  password: z.string().min(1, "Enter your password").max(200, "That password is too long"),
});

export type SignInInput = z.input<typeof signInInput>;
export type SignInCredentials = z.output<typeof signInInput>;

/** Shown for every refused e-mail/password pair, whether or not the account exists. */
export const INVALID_CREDENTIALS_MESSAGE = "The e-mail address or password is incorrect.";

/** When the person may try again: seconds under a minute, else minutes (rounded up). */
export function rateLimitedMessage(retryAfterSeconds: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  const wait =
    seconds < 60
      ? `${seconds} second${seconds === 1 ? "" : "s"}`
      : `${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? "" : "s"}`;
  return `Too many failed sign-in attempts from your network. Try again in ${wait}.`;
}
