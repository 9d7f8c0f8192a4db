// An organisation's message settings (docs/notifications.md): the sender's display name and reply-to
// of its customer and carrier e-mails, their language, which customer messages it sends, and quiet
// hours. Client-safe: the settings form checks with it too.
import { z } from "zod";
import { CustomerMessageKind } from "@/lib/generated/prisma/enums";
import { isTimeOfDay } from "@/lib/notifications/quiet-hours";
import { emailSchema } from "@/lib/schemas/common";

const emptyToNull = (value: unknown) => (typeof value === "string" && value.trim() === "" ? null : value);

export const CUSTOMER_MESSAGE_KINDS = Object.values(CustomerMessageKind);

export const CUSTOMER_MESSAGE_LABEL: Record<CustomerMessageKind, string> = {
  ON_ITS_WAY: "On its way (at collection, with the arrival window and the tracking link)",
  RUNNING_LATE: "Running late (the window moves past the deadline, or by 30 minutes or more)",
  ARRIVING: "Arriving in about 15 minutes",
  DELIVERED: "Delivered (with the proof link, where customers see the proof)",
};

/** The languages the form offers for dates and times; any BCP 47 tag the runtime knows is accepted. */
export const MESSAGE_LOCALES = [
  "en-GB",
  "en-IE",
  "en-US",
  "fr-FR",
  "de-DE",
  "nl-NL",
  "es-ES",
  "it-IT",
  "pl-PL",
] as const;

const timeOfDay = z.preprocess(
  emptyToNull,
  z.string().refine(isTimeOfDay, "Give a time as HH:MM, for example 21:00.").nullable(),
);

export const messageSettingsInput = z
  .strictObject({
    fromName: z.preprocess(
      emptyToNull,
      z
        .string()
        .trim()
        .max(100, "Keep the sender's name under 100 characters.")
        .refine((name) => !/[<>"\r\n\\]/.test(name), "The sender's name cannot contain < > \" or \\.")
        .nullable(),
    ),
    replyTo: z.preprocess(emptyToNull, emailSchema.nullable()),
    locale: z
      .string()
      .trim()
      .refine(
        (tag) =>
          /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(tag) &&
          Intl.DateTimeFormat.supportedLocalesOf(tag).length > 0,
        "Give a language tag this server knows, for example en-GB.",
      ),
    customerMessageKinds: z
      .array(z.enum(CustomerMessageKind))
      .refine((kinds) => new Set(kinds).size === kinds.length, "Each message is listed once."),
    quietHoursStart: timeOfDay,
    quietHoursEnd: timeOfDay,
  })
  .refine((settings) => (settings.quietHoursStart === null) === (settings.quietHoursEnd === null), {
    message: "Give both ends of the quiet hours, or neither.",
    path: ["quietHoursEnd"],
  });

export type MessageSettingsInput = z.input<typeof messageSettingsInput>;
export type MessageSettings = z.output<typeof messageSettingsInput>;
