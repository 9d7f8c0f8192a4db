// The endpoint form's schema in the browser. It is createWebhookEndpointBody (lib/webhooks/schemas.ts)
// plus a URL syntax check, restated here because that module cannot be bundled for the browser: it takes
// WEBHOOK_URL_MAX_LENGTH from the SSRF guard, which imports node:dns. The server action parses with the
// API's schema itself (and runs the guard); endpoint-form-schema.test.ts holds the two together.
import { z } from "zod";
import { SUBSCRIBABLE_EVENT_TYPES } from "@/lib/events/movement-envelope";
import { textUpTo } from "@/lib/schemas/common";

export const ENDPOINT_URL_MAX = 2048;
export const ENDPOINT_DESCRIPTION_MAX = 256;

export const endpointFormSchema = z.strictObject({
  url: z
    .string()
    .trim()
    .min(1, "Must not be empty")
    .max(ENDPOINT_URL_MAX, `At most ${ENDPOINT_URL_MAX} characters`)
    .refine(isWebAddress, "Enter the full address, starting with https://"),
  description: textUpTo(ENDPOINT_DESCRIPTION_MAX).optional(),
  eventTypes: z
    .array(z.enum(SUBSCRIBABLE_EVENT_TYPES))
    .transform((types) => [...new Set(types)])
    .optional(),
});

function isWebAddress(value: string): boolean {
  try {
    return ["https:", "http:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}
