// GET /sign-in[?callbackUrl=] — staff sign-in. Already signed in: straight on to where they were going.
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { Alert } from "@/components/ui/alert";
import { homePathFor } from "@/lib/auth/roles";
import { safeCallbackUrl } from "@/lib/auth/route-access";
import { getStaffContext, type StaffContext } from "@/lib/auth/require-staff";
import { logger } from "@/lib/logger";
import { SignInForm } from "./sign-in-form";

export const metadata: Metadata = { title: "Sign in" };

type SearchParams = {
  callbackUrl?: string | string[];
  signedOut?: string | string[];
  /** A marketplace carrier has just set its password (app/carrier/join). */
  joined?: string | string[];
  error?: string | string[];
};

export default async function SignInPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const callbackUrl = safeCallbackUrl(typeof params.callbackUrl === "string" ? params.callbackUrl : null);

  let staff: StaffContext | null = null;
  let unavailable = false;
  try {
    staff = await getStaffContext();
  } catch (error) {
    // Misconfiguration (AUTH_SECRET) or the database: say so instead of failing the page.
    logger.error("sign-in page could not read the session", { error });
    unavailable = true;
  }
  if (staff) redirect(callbackUrl ?? homePathFor(staff.user.role));

  return (
    <div className="w-full max-w-sm">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Sign in</h1>
      <p className="mt-1.5 text-sm text-slate-600">
        Use the e-mail address and password of your staff or carrier account.
      </p>
      <div className="mt-6 space-y-3">
        {params.signedOut ? <Alert tone="success">You have signed out.</Alert> : null}
        {params.joined ? <Alert tone="success">Your password is set: sign in to see your jobs.</Alert> : null}
        {callbackUrl && !params.signedOut ? (
          <Alert tone="info">Sign in to continue to the page you asked for.</Alert>
        ) : null}
        {unavailable || (params.error && params.error !== "CredentialsSignin") ? (
          <Alert tone="danger" role="none" title="Signing in is not possible right now">
            Please try again in a moment. If it keeps happening, tell your administrator.
          </Alert>
        ) : null}
      </div>
      {/* The page spaces the form (its error region and HydratedForm), as it does the notices above. */}
      <div className="mt-6">
        <SignInForm callbackUrl={callbackUrl} />
      </div>
    </div>
  );
}
