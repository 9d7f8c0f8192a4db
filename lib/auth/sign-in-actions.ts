"use server";
// Server actions of the sign-in form and the shell's sign-out button.
import { AuthError } from "next-auth";
import { redirect } from "next/navigation";
import { homePathFor } from "@/lib/auth/roles";
import { safeCallbackUrl } from "@/lib/auth/route-access";
import { INVALID_CREDENTIALS_MESSAGE, rateLimitedMessage, signInInput } from "@/lib/auth/sign-in-schema";
import { SignInRateLimited, signIn, signOut } from "@/lib/auth/staff-auth";
import { kysely } from "@/lib/db";
import { logger } from "@/lib/logger";

export type SignInResult = { error: string };

/** Signs in and redirects (to callbackUrl, or the role's home); returns only when refused. */
export async function signInWithCredentials(
  input: unknown,
  callbackUrl?: string | null,
): Promise<SignInResult> {
  const parsed = signInInput.safeParse(input);
  if (!parsed.success) return { error: INVALID_CREDENTIALS_MESSAGE };
  try {
    await signIn("credentials", { ...parsed.data, redirect: false });
  } catch (error) {
    if (error instanceof SignInRateLimited) return { error: rateLimitedMessage(error.retryAfterSeconds) };
    if (error instanceof AuthError && error.type === "CredentialsSignin") {
      return { error: INVALID_CREDENTIALS_MESSAGE };
    }
    logger.error("staff sign-in failed", { error });
    return { error: "Signing in is not possible right now. Please try again in a moment." };
  }
  redirect(safeCallbackUrl(callbackUrl) ?? (await homeAfterSignIn(parsed.data.email)));
}

async function homeAfterSignIn(email: string): Promise<string> {
  // The new session cookie is only on its way to the browser: this request cannot read it yet.
  const user = await kysely().selectFrom("User").select("role").where("email", "=", email).executeTakeFirst();
  return user ? homePathFor(user.role) : "/";
}

export async function signOutOfStaff(): Promise<void> {
  await signOut({ redirectTo: "/sign-in?signedOut=1" });
}
