// The maps' pure parts: which basemap MAP_TILES_URL names (and the origin the CSP allows), and the
// customer's rounding to about 1 km.
import { describe, expect, it } from "vitest";
import { mapTilesOf, mapTilesOrigin } from "@/lib/maps/map-tiles";
import { roundToAboutOneKm } from "@/lib/movement-requests/round-position";

describe("MAP_TILES_URL", () => {
  it("picks the bundled outlines when unset, and no origin for the CSP", () => {
    expect(mapTilesOf(undefined)).toEqual({ kind: "bundled" });
    expect(mapTilesOrigin(undefined)).toBeUndefined();
  });

  it("reads a PMTiles file, vector tiles and image tiles, and their origin", () => {
    const pmtiles = "https://files.example.com/maps/europe.pmtiles?v=2";
    expect(mapTilesOf(pmtiles)).toEqual({ kind: "pmtiles", url: pmtiles });
    expect(mapTilesOf("https://t.example.com/{z}/{x}/{y}.mvt")).toMatchObject({ kind: "vector" });
    const raster = "https://tiles.example.com:8443/osm/{z}/{x}/{y}.png";
    expect(mapTilesOf(raster)).toEqual({ kind: "raster", url: raster });
    expect(mapTilesOrigin(raster)).toBe("https://tiles.example.com:8443");
    expect(mapTilesOrigin(pmtiles)).toBe("https://files.example.com");
  });
});

describe("a customer's position, to about 1 km", () => {
  const distanceKm = (
    a: { latitude: number; longitude: number },
    b: { latitude: number; longitude: number },
  ) => {
    const rad = (degrees: number) => (degrees * Math.PI) / 180;
    const h =
      Math.sin(rad(b.latitude - a.latitude) / 2) ** 2 +
      Math.cos(rad(a.latitude)) *
        Math.cos(rad(b.latitude)) *
        Math.sin(rad(b.longitude - a.longitude) / 2) ** 2;
    return 2 * 6371 * Math.asin(Math.sqrt(h));
  };

  it("moves every position by less than 0.8 km, at any latitude", () => {
    for (const latitude of [-60, -33.87, 0.001, 35.44, 51.5, 53.48, 64.1]) {
      for (let step = 0; step < 50; step += 1) {
        const position = { latitude: latitude + step * 0.0007, longitude: -2.2426 + step * 0.0013 };
        expect(distanceKm(position, roundToAboutOneKm(position))).toBeLessThan(0.8);
      }
    }
  });

  it("gives every point of a cell the same answer, so repeated looks do not narrow it down", () => {
    const centre = roundToAboutOneKm({ latitude: 53.4808, longitude: -2.2426 });
    const seen = new Set<string>();
    for (let step = 0; step < 20; step += 1) {
      const nearby = roundToAboutOneKm({
        latitude: centre.latitude + (step - 10) * 0.0002,
        longitude: centre.longitude,
      });
      seen.add(`${nearby.latitude},${nearby.longitude}`);
    }
    expect(seen).toEqual(new Set([`${centre.latitude},${centre.longitude}`]));
    // Neighbouring cells are about a kilometre apart: not a street, not a house.
    const north = roundToAboutOneKm({ latitude: centre.latitude + 0.009, longitude: centre.longitude });
    expect(distanceKm(centre, north)).toBeGreaterThan(0.9);
    expect(distanceKm(centre, north)).toBeLessThan(1.1);
  });

  it("stays on the globe at the poles and the date line", () => {
    const pole = roundToAboutOneKm({ latitude: 90, longitude: 180 });
    expect(pole.latitude).toBeLessThanOrEqual(90);
    expect(pole.longitude).toBeLessThanOrEqual(180);
  });
});
