// A position for the customer's eyes: snapped to a grid of about 1 km, so that the tracking page shows
// where the vehicle is on the way without showing a street, a house or a stop (docs/maps.md, privacy).
// Every point of a cell gives the cell's centre, so repeated looks do not narrow it down.

/** About 1 km of latitude (1° ≈ 111.2 km). */
const CELL_DEGREES = 0.009;

export type Coordinates = { latitude: number; longitude: number };

export function roundToAboutOneKm({ latitude, longitude }: Coordinates): Coordinates {
  const row = Math.floor(latitude / CELL_DEGREES);
  const lat = (row + 0.5) * CELL_DEGREES;
  // A degree of longitude shrinks with the latitude: the cells stay about 1 km wide (by the row's centre,
  // so every point of the cell uses the same width).
  const width = CELL_DEGREES / Math.max(Math.cos((lat * Math.PI) / 180), 0.01);
  const lng = (Math.floor(longitude / width) + 0.5) * width;
  return { latitude: round(clamp(lat, 90)), longitude: round(clamp(lng, 180)) };
}

/** Five decimals are plenty for a 1 km cell, and keep float noise out of the page. */
const round = (value: number) => Math.round(value * 1e5) / 1e5;
const clamp = (value: number, limit: number) => Math.min(limit, Math.max(-limit, value));
