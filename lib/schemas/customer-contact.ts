// The customer a movement is for: the create endpoints take it, the notifications area keeps and uses it.
import { z } from "zod";
import { EMAIL_MAX, emailSchema, textUpTo } from "@/lib/schemas/common";

/** E.164: "+", a country code and the number, 15 digits at most, no spaces. */
const E164 = /^\+[1-9]\d{1,14}$/;

/** The customer a movement is for (write-only, like requestedBy): told "on its way" and the rest. */
export const customerContactSchema = z
  .strictObject({
    name: textUpTo(200).optional(),
    email: emailSchema
      .refine((value) => [...value].length <= EMAIL_MAX, `At most ${EMAIL_MAX} characters`)
      .optional(),
    phone: z
      .string()
      .regex(
        E164,
        "Give the phone number in E.164 form: + then the country code and number, e.g. +447700900123",
      )
      .optional(),
  })
  .refine((customer) => customer.email !== undefined || customer.phone !== undefined, {
    message: "Give the customer's email or phone (or both): messages need one",
    path: ["email"],
  })
  .meta({
    description:
      "Extension, write-only, never returned: the customer the vehicle is for, who is told by e-mail " +
      "and/or SMS when it is on its way, running late, arriving and delivered (docs/notifications.md)",
    writeOnly: true,
  });
export type CustomerContact = z.infer<typeof customerContactSchema>;
