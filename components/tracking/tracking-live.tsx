"use client";
// The tracking page kept up to date without a reload: it asks for the latest view every 15 s (a small
// JSON answer; a customer's phone holds no stream open), so a change shows within 30 s.
import { useEffect, useState } from "react";
import { BrandHeader } from "@/components/tracking/brand-header";
import { InvalidTrackingLink } from "@/components/tracking/invalid-tracking-link";
import { TrackingCard } from "@/components/tracking/tracking-card";
import { TrackingMapCard } from "@/components/maps/tracking-map";
import type { MapTiles } from "@/lib/maps/map-tiles";
import type { TrackingView } from "@/lib/movement-requests/get-tracking-view";

const POLL_MS = 15_000;

export function TrackingLive({
  initialView,
  statusUrl,
  mapTiles,
}: {
  initialView: TrackingView;
  statusUrl: string;
  mapTiles: MapTiles;
}) {
  const [view, setView] = useState<TrackingView | null>(initialView);
  useEffect(() => {
    let stopped = false;
    const timer = setInterval(() => {
      void fetch(statusUrl, { cache: "no-store", headers: { accept: "application/json" } })
        .then(async (response) => {
          if (stopped) return;
          if (response.status === 404) return setView(null);
          // Anything else (offline, a restart): keep what is shown, try again next time.
          if (response.ok) setView((await response.json()) as TrackingView);
        })
        .catch(() => undefined);
    }, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [statusUrl]);

  if (!view) return <InvalidTrackingLink />;
  return (
    <>
      <BrandHeader organisation={view.organisation} />
      <main className="mx-auto max-w-xl px-4 py-6 sm:py-10">
        <TrackingCard view={view} />
        {view.map ? (
          <div className="mt-6">
            <TrackingMapCard map={view.map} tiles={mapTiles} town={view.destination.town} />
          </div>
        ) : null}
      </main>
    </>
  );
}
