"use client";
// One Leaflet map in a container, with its basemap (docs/maps.md): the organisation's tiles when
// MAP_TILES_URL is set, else Natural Earth's country outlines that ship with the app. Leaflet draws
// with SVG and canvas, no WebGL: it renders on any phone and in headless Chromium without a GPU.
// Leaflet touches `window` when imported, so it is loaded in the browser only, after the first render.
import type * as Leaflet from "leaflet";
import { useEffect, useState, type RefObject } from "react";
import type { MapTiles } from "@/lib/maps/map-tiles";
import "leaflet/dist/leaflet.css";

export type LeafletKit = { L: typeof Leaflet; map: Leaflet.Map };

/** Where a map opens before it knows what to show: Europe. */
const START: Leaflet.LatLngExpression = [52, 5];
const NATURAL_EARTH = '<a href="https://www.naturalearthdata.com/">Natural Earth</a>';

export function useLeafletMap(
  container: RefObject<HTMLDivElement | null>,
  tiles: MapTiles,
  options: Leaflet.MapOptions = {},
): LeafletKit | null {
  const [kit, setKit] = useState<LeafletKit | null>(null);
  // The options are read once, when the map is made (as Leaflet itself does).
  const [initial] = useState(options);
  const tilesKey = JSON.stringify(tiles);

  useEffect(() => {
    let cancelled = false;
    let made: Leaflet.Map | undefined;
    void (async () => {
      const L = (await import("leaflet")).default;
      const element = container.current;
      if (cancelled || !element) return;
      made = L.map(element, { center: START, zoom: 5, zoomSnap: 0.25, worldCopyJump: true, ...initial });
      made.attributionControl.setPrefix(false);
      await addBasemap(L, made, JSON.parse(tilesKey) as MapTiles);
      if (!cancelled) setKit({ L, map: made });
    })();
    return () => {
      cancelled = true;
      made?.remove();
      setKit(null);
    };
  }, [container, tilesKey, initial]);

  return kit;
}

async function addBasemap(L: typeof Leaflet, map: Leaflet.Map, tiles: MapTiles): Promise<void> {
  if (tiles.kind === "raster") {
    L.tileLayer(tiles.url, { maxZoom: 19, attribution: "Map tiles: your organisation" }).addTo(map);
    return;
  }
  if (tiles.kind === "pmtiles" || tiles.kind === "vector") {
    // protomaps-leaflet extends the global L (it was written for Leaflet's script tag).
    (window as unknown as { L: typeof Leaflet }).L = L;
    const { leafletLayer } = await import("protomaps-leaflet");
    (leafletLayer({ url: tiles.url, flavor: "light", lang: "en" }) as unknown as Leaflet.Layer).addTo(map);
    return;
  }
  const [{ feature, mesh }, atlas] = await Promise.all([
    import("topojson-client"),
    import("world-atlas/countries-50m.json"),
  ]);
  const topology = atlas.default as unknown as Parameters<typeof feature>[0];
  const countries = topology.objects.countries!;
  // The sea: Leaflet's own stylesheet would paint the container grey.
  map.getContainer().style.background = "#e0f2fe";
  L.geoJSON(feature(topology, countries), {
    interactive: false,
    style: { color: "#cbd5e1", weight: 0, fillColor: "#f8fafc", fillOpacity: 1 },
  }).addTo(map);
  L.geoJSON(
    mesh(topology, countries as Parameters<typeof mesh>[1], (a, b) => a !== b),
    { interactive: false, style: { color: "#94a3b8", weight: 0.8 } },
  ).addTo(map);
  map.attributionControl.addAttribution(NATURAL_EARTH);
}
