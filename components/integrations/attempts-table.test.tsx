// The attempt log shows what receivers answered: untrusted text, which must come out as text.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { WebhookAttemptResponse } from "@/lib/webhooks/schemas";
import { AttemptsTable } from "./attempts-table";

const attempt = (overrides: Partial<WebhookAttemptResponse>): WebhookAttemptResponse => ({
  id: "01JD8Y3QK2V7R4W9X6T5B1N0MC",
  deliveryId: "01JD8Y3QK2V7R4W9X6T5B1N0MD",
  eventId: "01JD8Y3QK2V7R4W9X6T5B1N0ME",
  eventType: "movement.collected",
  attemptNumber: 1,
  attemptedAt: "2026-11-21T09:30:00.000Z",
  durationMs: 1234,
  responseStatus: 200,
  responseBodyExcerpt: "ok",
  error: null,
  succeeded: true,
  ...overrides,
});

describe("AttemptsTable", () => {
  it("escapes the response excerpt and the error: markup from a receiver is never HTML", () => {
    const hostile = `<script>alert("x")</script><img src=x onerror=alert(1)>`;
    const html = renderToStaticMarkup(
      <AttemptsTable
        attempts={[
          attempt({ responseBodyExcerpt: hostile }),
          attempt({
            id: "01JD8Y3QK2V7R4W9X6T5B1N0MF",
            responseStatus: 500,
            succeeded: false,
            responseBodyExcerpt: `${hostile}\n${"x".repeat(300)}`,
            error: "<b>HTTP 500</b>",
          }),
        ]}
        testEventIds={new Set()}
      />,
    );
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<b>HTTP");
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(html).toContain("&lt;b&gt;HTTP 500&lt;/b&gt;");
  });

  it("shows status, attempt number, duration, and marks test events", () => {
    const html = renderToStaticMarkup(
      <AttemptsTable
        attempts={[
          attempt({ attemptNumber: 3, responseStatus: null, succeeded: false, error: "ECONNREFUSED" }),
        ]}
        testEventIds={new Set(["01JD8Y3QK2V7R4W9X6T5B1N0ME"])}
      />,
    );
    expect(html).toContain("#3");
    expect(html).toContain("No response");
    expect(html).toContain("ECONNREFUSED");
    expect(html).toContain("1,234 ms");
    expect(html).toContain("Test");
    expect(html).toContain("Collected");
  });
});
