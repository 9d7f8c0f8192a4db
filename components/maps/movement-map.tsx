"use client";
// The detail panel's small map: the request's origin and destination, the line between them and, while
// a leg is on the road, its vehicle at its last reported position (read again with each live refresh).
import type * as Leaflet from "leaflet";
import { useEffect, useRef, useState } from "react";
import { cn } from "@/components/ui/cn";
import type { MapTiles } from "@/lib/maps/map-tiles";
import type { MovementMap } from "@/lib/maps/movement-map";
import { vehicleIcon } from "./board-map";
import { MAP_CONTAINER, useLeafletMap } from "./use-leaflet-map";
import { usePositionReports } from "./use-position-reports";

export function MovementMapCard({
  requestId,
  version,
  tiles,
}: {
  requestId: string;
  /** Changes with the request (a live refresh): the position is read again. */
  version: string;
  tiles: MapTiles;
}) {
  const container = useRef<HTMLDivElement>(null);
  const kit = useLeafletMap(container, tiles, { scrollWheelZoom: false });
  const [data, setData] = useState<MovementMap | null>(null);
  const [failed, setFailed] = useState(false);
  // New positions of the organisation's vehicles: this one's may be among them.
  const reported = usePositionReports();

  useEffect(() => {
    let stale = false;
    void fetch(`/api/board/map/movement?id=${encodeURIComponent(requestId)}`, { cache: "no-store" })
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const map = (await response.json()) as MovementMap;
        if (!stale) setData(map);
      })
      .catch(() => !stale && setFailed(true));
    return () => {
      stale = true;
    };
  }, [requestId, version, reported]);

  useEffect(() => {
    if (!kit || !data) return;
    const { L, map } = kit;
    const layer = L.layerGroup().addTo(map);
    const origin = L.latLng(data.origin.latitude, data.origin.longitude);
    const destination = L.latLng(data.destination.latitude, data.destination.longitude);
    L.polyline([origin, destination], { color: "#2563eb", opacity: 0.6, weight: 3, dashArray: "6 6" }).addTo(
      layer,
    );
    const site = (at: Leaflet.LatLng, name: string, colour: string) =>
      L.circleMarker(at, { radius: 7, color: "#ffffff", weight: 2, fillColor: colour, fillOpacity: 1 })
        .bindTooltip(name)
        .addTo(layer);
    site(origin, `From ${data.origin.name}`, "#0f172a");
    site(destination, `To ${data.destination.name}`, "#059669");
    const points = [origin, destination];
    if (data.vehicle) {
      const at = L.latLng(data.vehicle.latitude, data.vehicle.longitude);
      L.marker(at, { icon: vehicleIcon(L), title: "The vehicle's last position", keyboard: false }).addTo(
        layer,
      );
      points.push(at);
    }
    map.fitBounds(L.latLngBounds(points), { padding: [24, 24], maxZoom: 13 });
    return () => {
      layer.remove();
    };
  }, [kit, data]);

  return (
    <figure className="space-y-1">
      <div
        ref={container}
        data-testid="movement-map"
        data-vehicle={data?.vehicle ? "shown" : "none"}
        className={cn(MAP_CONTAINER, "h-48 rounded-md sm:h-56")}
      />
      <figcaption className="text-xs text-slate-600">
        {failed
          ? "The map could not be loaded."
          : data?.vehicle
            ? `Last position ${new Date(data.vehicle.recordedAt).toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit" })}.`
            : "No position reported: the vehicle is not on the road, or not sharing its position."}
      </figcaption>
    </figure>
  );
}
