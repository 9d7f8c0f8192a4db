import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { OptOutPage } from "@/components/notifications/opt-out-page";
import { getOptOutView } from "@/lib/notifications/customer/opt-out";

export const dynamic = "force-dynamic";
// No "no-referrer" here (unlike the tracking page): with it the browser sends the button's POST with
// "Origin: null", which the front door refuses as a cross-site write. The page loads nothing from elsewhere.
export const metadata: Metadata = { title: "Stop messages", robots: { index: false, follow: false } };

// /opt-out/{token} — a customer's messages link: shows what it stops and asks to confirm (a GET never opts out)
export default async function OptOut({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const view = await getOptOutView(token);
  if (!view) notFound();
  return <OptOutPage view={view} confirmUrl={`/opt-out/${encodeURIComponent(token)}/confirm`} />;
}
