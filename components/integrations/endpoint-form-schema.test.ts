// The browser's endpoint schema never accepts what the API's refuses, and has the API's limits.
import { describe, expect, it } from "vitest";
import { createWebhookEndpointBody, WEBHOOK_DESCRIPTION_MAX } from "@/lib/webhooks/schemas";
import { WEBHOOK_URL_MAX_LENGTH } from "@/lib/webhooks/ssrf-guard";
import { ENDPOINT_DESCRIPTION_MAX, ENDPOINT_URL_MAX, endpointFormSchema } from "./endpoint-form-schema";

const SAMPLES: unknown[] = [
  { url: "https://dms.example.com/hooks" },
  { url: "http://127.0.0.1:4000/hook", description: "Local", eventTypes: [] },
  { url: "https://x.test/h", eventTypes: ["movement.delivered", "movement.delivered"] },
  { url: "https://x.test/h", eventTypes: ["movement.created"] },
  { url: "" },
  { url: "not a url" },
  { url: `https://x.test/${"a".repeat(2040)}` },
  { url: "https://x.test/h", description: "d".repeat(256) },
  { url: "https://x.test/h", description: "d".repeat(257) },
  { url: "https://x.test/h", description: "🚚".repeat(256) },
  { url: "https://x.test/h", extra: true },
  { url: "ftp://x.test/h" },
];

describe("endpointFormSchema", () => {
  it("has the API's limits", () => {
    expect(ENDPOINT_URL_MAX).toBe(WEBHOOK_URL_MAX_LENGTH);
    expect(ENDPOINT_DESCRIPTION_MAX).toBe(WEBHOOK_DESCRIPTION_MAX);
  });

  it.each(SAMPLES.map((sample) => [JSON.stringify(sample).slice(0, 80), sample]))(
    "accepts %s only if the API's schema does, with the same result",
    (_name, sample) => {
      const form = endpointFormSchema.safeParse(sample);
      const api = createWebhookEndpointBody.safeParse(sample);
      if (form.success) {
        expect(api.success).toBe(true);
        expect(form.data).toEqual(api.data);
      }
    },
  );

  it("refuses what is not a web address before anything is sent", () => {
    expect(endpointFormSchema.safeParse({ url: "dms.example.com/hooks" }).success).toBe(false);
    expect(endpointFormSchema.safeParse({ url: "" }).error?.issues[0]?.message).toBe("Must not be empty");
  });
});
