// `npm run worker` with OTEL_EXPORTER_OTLP_ENDPOINT set: a process of its own, really started, exports
// its rounds and attempts to a real OTLP receiver, SQL spans among them (pg is instrumented though the
// worker loads it through ESM imports), and flushes what is batched when it stops.
import { afterEach, describe, expect, it } from "vitest";
import { createMovementWorld } from "@/test/movement-world";
import { startOtlpReceiver, type OtlpReceiver } from "@/test/otlp-receiver";
import { setupTestDatabase } from "@/test/test-database";
import { startWebhookReceiver, type WebhookReceiver } from "@/test/webhook-receiver";
import { POST as createEndpointRoute } from "@/app/v1/webhooks/endpoints/route";
import { publishEvents, registerEndpoint } from "@/test/webhook-world";
import { spawnWorkerProcess } from "@/test/worker-process";

const database = setupTestDatabase();
const closing: (OtlpReceiver | WebhookReceiver)[] = [];

afterEach(async () => {
  await Promise.all(closing.splice(0).map((receiver) => receiver.close()));
});

describe("a worker process with tracing on", () => {
  it("exports a round span per claiming round with one attempt span per delivery", async () => {
    const world = await createMovementWorld(database.prisma);
    const webhooks = await startWebhookReceiver(200);
    const otlp = await startOtlpReceiver();
    closing.push(webhooks, otlp);
    await registerEndpoint(createEndpointRoute, world, webhooks.url);
    await publishEvents(world, "movement.collected", 3);

    const worker = spawnWorkerProcess({
      DATABASE_URL: database.url,
      OTEL_EXPORTER_OTLP_ENDPOINT: otlp.endpoint,
      // Every loop traced, rather than the default one in a hundred.
      OTEL_TRACES_SAMPLER: "parentbased_always_on",
    });
    await webhooks.waitFor(3, 60_000);
    worker.child.kill("SIGTERM");
    expect(await worker.exited).toBe(0);

    // Exported at the latest by the flush on the way out.
    const attempts = otlp.spans.filter((span) => span.name === "webhook.deliver");
    expect(attempts).toHaveLength(3);
    const rounds = new Map(
      otlp.spans.filter((span) => span.name === "worker.loop").map((s) => [s.spanId, s]),
    );
    for (const attempt of attempts) {
      expect(rounds.get(attempt.parentSpanId ?? "")?.traceId).toBe(attempt.traceId);
      expect(attempt.resource).toMatchObject({ "vms.process.role": "worker" });
    }
    expect(otlp.spans.some((span) => span.attributes["db.system.name"] === "postgresql")).toBe(true);
  }, 120_000);
});
