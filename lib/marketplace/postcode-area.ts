// Where a marketplace carrier works: UK postcode areas, the one or two letters a postcode starts with
// ("M" for Manchester, "LS" for Leeds). Coarse enough for a carrier to list in a minute, fine enough
// that a Leeds driver is not offered a job in Plymouth. Sites outside Great Britain have no area.

/** The postcode area of a site, or null when it is not in Great Britain or the postcode is malformed. */
export function postcodeAreaOf(site: { postcode: string; countryCode: string }): string | null {
  if (site.countryCode !== "GB") return null;
  return /^([A-Za-z]{1,2})[0-9]/.exec(site.postcode.trim())?.[1]?.toUpperCase() ?? null;
}

export const POSTCODE_AREA_PATTERN = /^[A-Z]{1,2}$/;

/** "m, ls  B" → ["B", "LS", "M"]: upper case, deduplicated, sorted. */
export function parsePostcodeAreas(text: string): string[] {
  const areas = text
    .split(/[\s,;]+/)
    .map((area) => area.trim().toUpperCase())
    .filter(Boolean);
  return [...new Set(areas)].sort();
}
