import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Brand } from "@/components/layout/brand";
import { JoinForm } from "@/components/marketplace/join-form";
import { findInvitation } from "@/lib/marketplace/join-marketplace";
import { joinAction } from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = {
  title: "Join the marketplace",
  robots: { index: false, follow: false },
  referrer: "no-referrer",
};

// /carrier/join/{token} — a carrier's invitation: choose a password (docs/carrier-journey.md)
export default async function JoinMarketplacePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const invitation = await findInvitation(token);
  if (!invitation) notFound();
  return (
    <main id="main-content" className="mx-auto max-w-md space-y-6 px-4 py-10">
      <Brand />
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">
          Join {invitation.organisationName}&apos;s marketplace
        </h1>
        <p className="mt-2 text-slate-700">
          {invitation.carrierName}: choose a password for{" "}
          <strong className="break-all">{invitation.email}</strong>. You then sign in to see the jobs posted
          to you, claim them or bid.
        </p>
      </div>
      <JoinForm token={token} action={joinAction} />
    </main>
  );
}
