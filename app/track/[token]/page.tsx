import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { TrackingCard } from "@/components/tracking/tracking-card";
import { getTrackingView } from "@/lib/movement-requests/get-tracking-view";

export const dynamic = "force-dynamic";
export const metadata: Metadata = {
  title: "Track a vehicle movement",
  robots: { index: false, follow: false },
};

// /track/{token} — public tracking page: no sign-in, no personal data
export default async function TrackingPage({ params }: { params: Promise<{ token: string }> }) {
  const view = await getTrackingView((await params).token);
  if (!view) notFound();
  return (
    <main className="mx-auto max-w-2xl px-6 py-12">
      <TrackingCard view={view} />
    </main>
  );
}
