// The shapes of sublet vendors, their links and what a vendor does on its link (issue 37): one schema
// per shape, shared by the drawer's forms, the server actions and the vendor's page. Safe in client
// components.
import { z } from "zod";
import type { ReconCategory, WorkItemState } from "@/lib/generated/prisma/enums";
import { amountCentsSchema } from "@/lib/recon/schemas";
import { EMAIL_MAX, emailSchema, identifierSchema, textUpTo } from "@/lib/schemas/common";

export const VENDOR_NAME_MAX = 120;
const PHONE_MAX = 40;

const optionalText = (schema: z.ZodType<string, string>) =>
  z
    .string()
    .trim()
    .transform((text) => (text === "" ? undefined : text))
    .pipe(schema.optional())
    .optional();

/** A new vendor, added inline when an item is sent to it: a name, and an e-mail or phone if known. */
export const newSubletVendorInput = z.strictObject({
  name: z.string().trim().min(1, "Give the vendor's name").pipe(textUpTo(VENDOR_NAME_MAX)),
  email: optionalText(emailSchema.max(EMAIL_MAX)),
  phone: optionalText(
    z
      .string()
      .max(PHONE_MAX)
      .regex(/^[0-9+() -]{3,}$/, "Digits, spaces and + ( ) - only"),
  ),
});
export type NewSubletVendorInput = z.infer<typeof newSubletVendorInput>;

/** "At sublet" from the drawer: to a vendor of the list, or to a new one; e-mail it the link if asked. */
export const sendToSubletInput = z.strictObject({
  vendor: z.union([z.strictObject({ id: identifierSchema }), z.strictObject({ new: newSubletVendorInput })]),
  emailLink: z.boolean().default(false),
  version: z.int().min(1).optional(),
});
export type SendToSubletInput = z.input<typeof sendToSubletInput>;

/** What a vendor does to one of its items on the link. The phone may replay any of them. */
export const subletItemActionBody = z.discriminatedUnion("action", [
  z.strictObject({ action: z.literal("accept") }),
  z.strictObject({ action: z.literal("price"), priceCents: amountCentsSchema }),
  /** Done with its final price: the sublet invoice becomes the item's actual cost. */
  z.strictObject({ action: z.literal("done"), priceCents: amountCentsSchema }),
]);
export type SubletItemActionBody = z.infer<typeof subletItemActionBody>;

export type SubletPhoto = { id: string; url: string };

/** One item as its vendor sees it on the link. */
export type SubletVendorItem = {
  id: string;
  category: ReconCategory;
  description: string;
  state: WorkItemState;
  currency: string;
  acceptedAt: string | null;
  priceCents: number | null;
  /** It waits for this vendor: accept, price, photos and done are open. */
  open: boolean;
  photos: SubletPhoto[];
};

/** The vendor's page: the vehicle, where it is, and only the items sent to this vendor. */
export type SubletVendorView = {
  vendorName: string;
  organisationName: string;
  vehicle: { vrm: string | null; make: string | null; model: string | null };
  site: { name: string; address: string } | null;
  items: SubletVendorItem[];
};

/** A job's vendor link, as staff see it in the drawer. */
export type SubletLinkSummary = {
  id: string;
  vendorId: string;
  vendorName: string;
  vendorEmail: string | null;
  /** Null when the link can no longer be shown (its token was encrypted under a retired key). */
  url: string | null;
  createdAt: string;
};

/** Per item, as staff see it: its vendor and what the vendor did, and its photos. */
export type WorkItemSubletInfo = {
  vendorId: string;
  vendorName: string;
  acceptedAt: string | null;
  priceCents: number | null;
};

/** The drawer's sublet and photo details of one job. */
export type CardSubletDetails = {
  vendors: { id: string; name: string; email: string | null }[];
  links: SubletLinkSummary[];
  sublet: Record<string, WorkItemSubletInfo>;
  photos: Record<string, SubletPhoto[]>;
};
