// The public tracking page's address, which the API returns and the notifications send.
import { publicBaseUrl } from "@/lib/env";

/** The tracking URL of a request, when it has a token and its organisation has tracking on. */
export function trackingUrlOf(request: {
  trackingToken: string | null;
  organisation: { trackingEnabled: boolean };
}): string | undefined {
  if (!request.trackingToken || !request.organisation.trackingEnabled) return undefined;
  return `${publicBaseUrl()}/track/${request.trackingToken}`;
}
