// Every tracking response (page, its JSON, its 404) is for one customer: never stored by a shared
// cache, never indexed. next.config.ts sends these on the pages; the JSON route sets them itself.
export const TRACKING_RESPONSE_HEADERS = {
  "cache-control": "private, no-store",
  "x-robots-tag": "noindex, nofollow",
} as const;
