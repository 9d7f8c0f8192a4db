// The job page's directions link: it opens the phone's own maps app at the site, with no map script of
// ours or anyone's on the page. iPhones and iPads open Apple Maps from its URL; Android and the rest
// open whichever maps app the phone has from a geo: URI (RFC 5870; the `q` names the pin). The pin's
// coordinates lead: the address alone can be ambiguous to a maps app.
export type MapsPlatform = "apple" | "other";

type Place = { name: string; address: string; latitude: number | null; longitude: number | null };

export function directionsUrl(place: Place, platform: MapsPlatform): string {
  const label = [place.name, place.address].filter(Boolean).join(", ");
  const at =
    place.latitude !== null && place.longitude !== null ? `${place.latitude},${place.longitude}` : null;
  if (platform === "apple") {
    const query = new URLSearchParams({ daddr: at ?? label, q: label });
    return `https://maps.apple.com/?${query.toString()}`;
  }
  return at ? `geo:${at}?q=${at}(${encodeURIComponent(label)})` : `geo:0,0?q=${encodeURIComponent(label)}`;
}

/** Apple's phones and tablets (iPadOS says it is a Mac, with touch). */
export function mapsPlatformOf(userAgent: string, maxTouchPoints: number): MapsPlatform {
  if (/iPhone|iPad|iPod/.test(userAgent)) return "apple";
  return /Macintosh/.test(userAgent) && maxTouchPoints > 1 ? "apple" : "other";
}

/** A tel: link for an E.164 number. */
export function telUrl(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, "")}`;
}
