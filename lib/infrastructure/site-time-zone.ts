// A site's IANA time zone: its explicit one, else its country's. A country resolves only when all of
// its zones keep the same clock (GB, JP, DE); one with several clocks (US, AU, ES) or an unknown code
// does not, and callers then fall back to UTC / ANYTIME (extensions section 3).
import { getTimezonesForCountry } from "countries-and-timezones";

export function resolveSiteTimeZone(site: { timezone: string | null; countryCode: string }): string | null {
  if (site.timezone) return site.timezone;
  return timeZoneOfCountry(site.countryCode);
}

export function timeZoneOfCountry(countryCode: string): string | null {
  const zones = getTimezonesForCountry(countryCode.toUpperCase()) ?? [];
  const [first] = zones;
  if (!first) return null;
  const oneClock = zones.every(
    (zone) => zone.utcOffset === first.utcOffset && zone.dstOffset === first.dstOffset,
  );
  return oneClock ? first.name : null;
}
