"use client";
// The tracking page's map: the destination and, only while the vehicle is coming to it, where the
// vehicle is to within about a kilometre (the server rounds it: lib/movement-requests/tracking-map.ts). The vehicle
// is drawn as an area, not a pin, so the page does not claim more precision than it has.
import { useEffect, useRef } from "react";
import { cn } from "@/components/ui/cn";
import type { MapTiles } from "@/lib/maps/map-tiles";
import type { TrackingMap } from "@/lib/movement-requests/tracking-map";
import { MAP_CONTAINER, useLeafletMap } from "./use-leaflet-map";

/** Half a 1 km cell's diagonal, rounded up: the rounded position's real spot lies within it. */
const VEHICLE_AREA_METRES = 800;

export function TrackingMapCard({
  map: data,
  tiles,
  town,
}: {
  map: TrackingMap;
  tiles: MapTiles;
  town: string;
}) {
  const container = useRef<HTMLDivElement>(null);
  const kit = useLeafletMap(container, tiles, { scrollWheelZoom: false });

  useEffect(() => {
    if (!kit) return;
    const { L, map } = kit;
    const layer = L.layerGroup().addTo(map);
    const destination = L.latLng(data.destination.latitude, data.destination.longitude);
    L.circleMarker(destination, {
      radius: 8,
      color: "#ffffff",
      weight: 2,
      fillColor: "#059669",
      fillOpacity: 1,
    })
      .bindTooltip(`Destination: ${town}`)
      .addTo(layer);
    if (data.vehicle) {
      const vehicle = L.latLng(data.vehicle.latitude, data.vehicle.longitude);
      L.circle(vehicle, {
        radius: VEHICLE_AREA_METRES,
        color: "#b45309",
        weight: 2,
        fillColor: "#f59e0b",
        fillOpacity: 0.35,
      })
        .bindTooltip("Your vehicle is about here")
        .addTo(layer);
      // The area is a speck when zoomed out: a dot of fixed size keeps it in sight.
      L.circleMarker(vehicle, {
        radius: 7,
        color: "#ffffff",
        weight: 2,
        fillColor: "#d97706",
        fillOpacity: 1,
      })
        .bindTooltip("Your vehicle is about here")
        .addTo(layer);
      map.fitBounds(L.latLngBounds([destination, vehicle]), { padding: [32, 32], maxZoom: 13 });
    } else {
      map.setView(destination, 10);
    }
    return () => {
      layer.remove();
    };
  }, [kit, data, town]);

  return (
    <figure className="space-y-2">
      <div
        ref={container}
        data-testid="tracking-map"
        data-vehicle={data.vehicle ? "shown" : "none"}
        className={cn(MAP_CONTAINER, "h-64 rounded-lg sm:h-80")}
      />
      <figcaption className="text-sm text-slate-600">
        {data.vehicle
          ? `On its way to ${town}: the shaded area shows where your vehicle is, to within about a kilometre.`
          : `The destination, ${town}. The vehicle's position shows here while it is on its way to you.`}
      </figcaption>
    </figure>
  );
}
