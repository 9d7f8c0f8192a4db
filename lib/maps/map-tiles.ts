// The basemap's source (docs/maps.md): MAP_TILES_URL, the organisation's own tiles, or — unset — the
// outlines that ship with the app. Client-safe (the map components receive the result as a prop).

export type MapTiles =
  /** A PMTiles archive of vector tiles (Protomaps' basemap layers), read by HTTP range requests. */
  | { kind: "pmtiles"; url: string }
  /** {z}/{x}/{y} vector tiles (.pbf / .mvt), drawn by protomaps-leaflet. */
  | { kind: "vector"; url: string }
  /** {z}/{x}/{y} images. */
  | { kind: "raster"; url: string }
  /** Natural Earth's country outlines (world-atlas), bundled: no request to any other host. */
  | { kind: "bundled" };

export function mapTilesOf(url: string | undefined): MapTiles {
  if (!url) return { kind: "bundled" };
  const path = url.split("?")[0] ?? url;
  if (path.endsWith(".pmtiles")) return { kind: "pmtiles", url };
  if (/\.(pbf|mvt)$/.test(path)) return { kind: "vector", url };
  return { kind: "raster", url };
}

/** The origin the Content-Security-Policy must allow for the tiles; none for the bundled basemap. */
export function mapTilesOrigin(url: string | undefined): string | undefined {
  // The placeholders are not valid in a host name; the origin is what precedes the path.
  return url ? new URL(url.replace(/[{}]/g, "")).origin : undefined;
}
