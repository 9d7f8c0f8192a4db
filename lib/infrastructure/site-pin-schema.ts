// A site's settings an admin edits with its pin: the latitude and longitude it is dropped at, and the
// number a carrier calls there (its job page shows it). Client-safe: the form checks before it sends.
import { z } from "zod";
import { e164PhoneSchema } from "@/lib/schemas/common";

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
  /** Empty: the site has no number of its own (the job page gives the dispatch desk's). */
  phone: z.preprocess((value) => (value === "" ? null : value), e164PhoneSchema.nullable()).default(null),
});

export type SitePinInput = z.input<typeof sitePinInput>;
export type SitePin = z.output<typeof sitePinInput>;
