import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { TrackingLive } from "@/components/tracking/tracking-live";
import { env } from "@/lib/env";
import { mapTilesOf } from "@/lib/maps/map-tiles";
import { getTrackingView } from "@/lib/movement-requests/get-tracking-view";
import { TrackingProofSection } from "@/components/proofs/tracking-proof";
import { getTrackingProof } from "@/lib/proofs/tracking-proof";

export const dynamic = "force-dynamic";
export const metadata: Metadata = {
  title: "Track your vehicle",
  robots: { index: false, follow: false },
  referrer: "no-referrer",
};

// /track/{token} — public tracking page for a dealer's customer: no sign-in, nothing internal
export default async function TrackingPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const view = await getTrackingView(token);
  if (!view) notFound();
  const proof = await getTrackingProof(token);
  return (
    <>
      <TrackingLive
        initialView={view}
        statusUrl={`/track/${encodeURIComponent(token)}/status`}
        mapTiles={mapTilesOf(env().MAP_TILES_URL)}
      />
      {proof ? <TrackingProofSection proof={proof} /> : null}
    </>
  );
}
