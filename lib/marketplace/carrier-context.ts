// The server-side guard of the carrier's own pages and actions (/carrier/jobs), as requireStaff() is
// for staff: signed out → /sign-in; signed in as staff → refused (403, or 404 without authInterrupts).
// The carrier is read from the database on each request, so a removed carrier loses access at once.
import "server-only";
import { cache } from "react";
import { redirect } from "next/navigation";
import { denyAccess, getStaffContext } from "@/lib/auth/require-staff";
import { findCarrierOfUser, type MarketplaceCarrierScope } from "@/lib/marketplace/find-carrier";

export type CarrierContext = { sessionId: string; email: string; carrier: MarketplaceCarrierScope };

const getCarrierContext = cache(async (): Promise<CarrierContext | null | "not-a-carrier"> => {
  const signedIn = await getStaffContext();
  if (!signedIn) return null;
  if (signedIn.user.role !== "CARRIER") return "not-a-carrier";
  const carrier = await findCarrierOfUser(signedIn.user.id);
  if (!carrier) return "not-a-carrier";
  return { sessionId: signedIn.sessionId, email: signedIn.user.email, carrier };
});

/** For server actions: the signed-in carrier, or null (signed out, staff): the action answers ok:false. */
export async function signedInCarrier(): Promise<CarrierContext | null> {
  const context = await getCarrierContext();
  return context === "not-a-carrier" ? null : context;
}

export async function requireCarrier(): Promise<CarrierContext> {
  const context = await getCarrierContext();
  if (context === null) redirect("/sign-in");
  if (context === "not-a-carrier") denyAccess();
  return context;
}
