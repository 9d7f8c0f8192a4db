// The marketplace's inputs (server actions of the carrier's jobs page, the board and the admin's page).
import { z } from "zod";
import { MarketplaceCarrierKind } from "@/lib/generated/prisma/enums";
import { POSTCODE_AREA_PATTERN, parsePostcodeAreas } from "@/lib/marketplace/postcode-area";
import { identifierSchema, textUpTo, transportMethodSchema } from "@/lib/schemas/common";

/** How long a bid stands: a few choices a phone can offer in one tap, not a date picker. */
export const BID_VALIDITY_HOURS = [1, 4, 24, 72] as const;

/** A price in the organisation's currency as typed: "420" or "420.50" (at most £999,999.99). */
const priceText = z
  .string()
  .trim()
  .regex(/^\d{1,6}(\.\d{1,2})?$/, "Enter a price such as 420 or 420.50")
  .transform((text) => Math.round(Number(text) * 100))
  .refine((cents) => cents > 0, "The price must be more than zero");

export const claimInput = z.strictObject({ requestId: identifierSchema });

export const bidInput = z.strictObject({
  requestId: identifierSchema,
  price: priceText,
  validForHours: z.coerce
    .number()
    .refine(
      (hours) => (BID_VALIDITY_HOURS as readonly number[]).includes(hours),
      "Choose how long the bid stands",
    ),
});
export type BidInput = z.infer<typeof bidInput>;

export const acceptBidInput = z.strictObject({ requestId: identifierSchema, bidId: identifierSchema });

export const inviteCarrierInput = z.strictObject({
  name: textUpTo(120).trim().min(1, "Enter the carrier's name"),
  email: z.email("Enter an e-mail address").max(254).toLowerCase(),
  kind: z.enum(MarketplaceCarrierKind),
  transportMethods: z.array(transportMethodSchema).min(1, "Choose at least one transport method"),
  postcodeAreas: z
    .string()
    .max(500)
    .transform(parsePostcodeAreas)
    .pipe(
      z
        .array(z.string().regex(POSTCODE_AREA_PATTERN, "Postcode areas are one or two letters, e.g. M, LS"))
        .min(1, "Enter at least one postcode area"),
    ),
});
export type InviteCarrierInput = z.infer<typeof inviteCarrierInput>;

/** The invitation link's form: the carrier chooses a password (12 characters at least: it guards prices). */
export const joinInput = z.strictObject({
  token: z.string().max(100),
  password: z.string().min(12, "At least 12 characters").max(200),
});
