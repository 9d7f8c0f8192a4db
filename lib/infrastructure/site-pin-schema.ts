// Where a site's pin stands on the map: the latitude and longitude an admin drops it at (site
// settings). Client-safe: the settings form checks the same ranges before it sends.
import { z } from "zod";

export const sitePinInput = z.object({
  siteId: z.string().regex(/^[0-9A-Za-z_-]{1,64}$/, "Choose a site."),
  latitude: z.coerce
    .number({ message: "Give the latitude as a number." })
    .min(-90, "A latitude lies between −90 and 90.")
    .max(90, "A latitude lies between −90 and 90."),
  longitude: z.coerce
    .number({ message: "Give the longitude as a number." })
    .min(-180, "A longitude lies between −180 and 180.")
    .max(180, "A longitude lies between −180 and 180."),
});

export type SitePinInput = z.input<typeof sitePinInput>;
export type SitePin = z.output<typeof sitePinInput>;
