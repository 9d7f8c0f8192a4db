// Field shapes shared by several areas' request and response schemas.
import { z } from "zod";
import { BusinessArea, Timeslot, TransportMethod } from "@/lib/generated/prisma/enums";
import { isValidVin, isValidVrm } from "@/lib/vehicles/registration";

// The values come from prisma/schema.prisma (lib/schemas/enum-values.ts).
export const timeslotSchema = z.enum(Timeslot);
export const businessAreaSchema = z.enum(BusinessArea);
export const transportMethodSchema = z.enum(TransportMethod);

/** A calendar date, YYYY-MM-DD (a real one: 2026-02-30 is refused). */
export const calendarDateSchema = z.iso.date({ error: "Expected a date as YYYY-MM-DD" });
export const TIME_OF_DAY_PATTERN = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
export const timeOfDaySchema = z.string().regex(TIME_OF_DAY_PATTERN, "Expected a 24-hour time as HH:MM");
/** An instant with an offset or Z. */
export const instantSchema = z.iso.datetime({
  offset: true,
  error: "Expected an ISO 8601 date-time with offset",
});

/** A phone number in E.164: "+", the country code and the number, 8 to 15 digits, no spaces. */
export const e164PhoneSchema = z
  .string()
  .trim()
  .regex(/^\+[1-9]\d{7,14}$/, "Give the number in international form, for example +441612345678.");

export const moneySchema = z.object({
  centAmount: z.int().describe("Minor currency units"),
  currencyCode: z.string().length(3).describe("ISO 4217"),
});

/** Limits count Unicode code points, not UTF-16 units (extensions section 3). */
export function textUpTo(max: number) {
  return z
    .string()
    .refine((value) => [...value].length <= max, `At most ${max} characters`)
    .meta({ maxLength: max }); // JSON Schema's maxLength counts code points too
}

export const identifierSchema = z.string().min(1).max(64);

/** Ids a server action was given (untyped, from the browser): all of them, or null if one is no id. */
export function identifiersOf(...raw: unknown[]): string[] | null {
  const parsed = raw.map((value) => identifierSchema.safeParse(value));
  return parsed.every((each) => each.success) ? parsed.map((each) => each.data as string) : null;
}

/** VINs are upper-cased (their conventional form), so that lookups match whatever case was sent. */
export const vinSchema = z
  .string()
  .superRefine((value, ctx) => {
    if (!isValidVin(value)) {
      ctx.addIssue({
        code: "custom",
        message: "Not a valid VIN: 17 letters and digits, without I, O or Q",
        params: { errorCode: "INVALID_VIN" },
      });
    }
  })
  .transform((value) => value.toUpperCase())
  .meta({
    description: "Vehicle identification number: 17 letters and digits without I, O or Q; upper-cased",
    example: "WVWZZZ1KZAW000001",
  });

export const vrmSchema = z
  .string()
  .superRefine((value, ctx) => {
    if (!isValidVrm(value)) {
      ctx.addIssue({
        code: "custom",
        message: "Not a valid UK registration mark",
        params: { errorCode: "INVALID_VRM" },
      });
    }
  })
  .meta({
    description:
      "UK registration mark in any issued format (current, prefix, suffix, dateless, Northern Ireland): " +
      "letters and digits in groups separated by single spaces, any case; stored exactly as sent",
    example: "AB12 CDE",
  });

/** The longest e-mail address (RFC 5321). */
export const EMAIL_MAX = 254;
export const emailSchema = z.email({ error: "Expected an e-mail address" });
