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

/**
 * Every map container's classes: Leaflet's panes and controls carry z-indexes of 400–1000; in the
 * container's own stacking context (isolate) they scroll under the page's sticky header and sheets.
 */
export const MAP_CONTAINER = "isolate w-full overflow-hidden border border-slate-200";

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
  L.geoJSON(unwrapped(feature(topology, countries)), {
    interactive: false,
    style: { color: "#cbd5e1", weight: 0, fillColor: "#f8fafc", fillOpacity: 1 },
  }).addTo(map);
  L.geoJSON(unwrapped(mesh(topology, countries as Parameters<typeof mesh>[1], (a, b) => a !== b)), {
    interactive: false,
    style: { color: "#94a3b8", weight: 0.8 },
  }).addTo(map);
  map.attributionControl.addAttribution(NATURAL_EARTH);
}

/**
 * Natural Earth's rings that cross the antimeridian (Russia's east, Fiji) jump from 180° to −180°;
 * drawn flat, that jump is a band across the whole map. Such a ring is moved east (−170° → 190°), so
 * it lies whole beside the date line.
 */
function unwrapped<T>(geometry: T): T {
  const shift = (ring: number[][]): number[][] => {
    const jumps = ring.some((point, at) => at > 0 && Math.abs(point[0]! - ring[at - 1]![0]!) > 180);
    return jumps ? ring.map(([lng, ...rest]) => [lng! < 0 ? lng! + 360 : lng!, ...rest]) : ring;
  };
  const walk = (value: unknown): unknown => {
    if (!Array.isArray(value)) return value;
    // A ring (or a line): an array of [lng, lat] pairs.
    if (Array.isArray(value[0]) && typeof value[0][0] === "number") return shift(value as number[][]);
    return value.map(walk);
  };
  const visit = (node: unknown): unknown => {
    if (!node || typeof node !== "object") return node;
    const object = node as Record<string, unknown>;
    if ("coordinates" in object) return { ...object, coordinates: walk(object.coordinates) };
    if (Array.isArray(object.features)) return { ...object, features: object.features.map(visit) };
    if ("geometry" in object) return { ...object, geometry: visit(object.geometry) };
    return object;
  };
  return visit(geometry) as T;
}
