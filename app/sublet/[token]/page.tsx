import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { SubletVendorPage } from "@/components/sublet/sublet-vendor-page";
import { subletPageView } from "@/lib/recon/sublet/vendor-items";

export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Sublet work",
  robots: { index: false, follow: false },
  referrer: "no-referrer",
};

// /sublet/{token} — a sublet vendor's items on one vehicle: no account, the link is the credential (docs/recon.md)
export default async function SubletPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const view = await subletPageView(token);
  if (!view) notFound();
  return <SubletVendorPage base={`/sublet/${encodeURIComponent(token)}`} initialView={view} />;
}
