// The recon webhooks (issue 37 §4) end to end: opt-in, written through the outbox with the change,
// delivered by the worker and signed like every other webhook; an endpoint subscribed to "all" never
// receives them.
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as createItemRoute } from "@/app/v1/prep-jobs/[id]/work-items/route";
import { POST as transitionRoute } from "@/app/v1/operations/prep-jobs/[id]/work-items/[itemId]/transition/route";
import { POST as createEndpointRoute } from "@/app/v1/webhooks/endpoints/route";
import { saveReconSiteSettings } from "@/lib/recon/recon-settings";
import {
  estimateAwaitingApprovalEnvelopeSchema,
  workItemChangedEnvelopeSchema,
} from "@/lib/recon/webhook-envelopes";
import { startWorker, type RunningWorker } from "@/lib/worker/worker";
import { createPrepJob } from "@/prisma/factories";
import { createMovementWorld, type MovementWorld } from "@/test/movement-world";
import { reconApi } from "@/test/recon-api";
import { setupTestDatabase } from "@/test/test-database";
import { registerEndpoint } from "@/test/webhook-world";
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from "@/test/webhook-receiver";

const api = reconApi({ create: createItemRoute, transition: transitionRoute });
const database = setupTestDatabase();
let worker: RunningWorker;
let world: MovementWorld;
const receivers: WebhookReceiver[] = [];

beforeAll(async () => {
  world = await createMovementWorld(database.prisma);
  await saveReconSiteSettings(
    { organisationId: world.organisation.id, actor: "user:admin@example.test" },
    world.sites.prepCentre.id,
    {
      labourRateCents: 6_000,
      currency: "GBP",
      autoApproveBelowCents: 10_000,
      outboundWithOpenItems: "WARN_AND_RECORD",
    },
  );
  worker = startWorker({ pollIntervalMs: 100, maintenanceIntervalMs: 60_000 });
});

afterAll(async () => {
  await worker.stop();
  await Promise.all(receivers.map((receiver) => receiver.close()));
});

async function receiver() {
  const started = await startWebhookReceiver(200);
  receivers.push(started);
  return started;
}

function verified(secret: string, webhook: ReceivedWebhook): unknown {
  return new Webhook(secret).verify(webhook.body, {
    "webhook-id": webhook.headers["hook-id"] as string,
    "webhook-timestamp": webhook.headers["hook-timestamp"] as string,
    "webhook-signature": webhook.headers["hook-signature"] as string,
  });
}

describe("prep_job.work_item_changed and prep_job.estimate_awaiting_approval", () => {
  it("are delivered signed to an endpoint that names them, and never to one subscribed to all", async () => {
    const target = await receiver();
    const bystander = await receiver();
    const endpoint = await registerEndpoint(createEndpointRoute, world, target.url, [
      "prep_job.work_item_changed",
      "prep_job.estimate_awaiting_approval",
    ]);
    await registerEndpoint(createEndpointRoute, world, bystander.url);
    const job = await createPrepJob(database.prisma, {
      organisationId: world.organisation.id,
      profileId: world.profile.id,
      prepSiteId: world.sites.prepCentre.id,
      stage: "APPRAISED",
    });

    const created = await api.create(world.integrationKey, job.id, {
      category: "BODY",
      description: "Rear bumper respray",
      estimate: [{ kind: "LABOUR", description: "Paint", hours: 3 }],
    });
    expect(created.status).toBe(201);
    const submitted = await api.transition(world.operationsKey, job.id, created.body.id, {
      to: "AWAITING_APPROVAL",
    });
    expect(submitted.body.state).toBe("AWAITING_APPROVAL");

    const delivered = await target.waitFor(3);
    const envelopes = delivered.map((webhook) => verified(endpoint.secret, webhook) as { eventType: string });
    const byType = (type: string) => envelopes.filter((envelope) => envelope.eventType === type);
    const changes = byType("prep_job.work_item_changed")
      .map((envelope) => workItemChangedEnvelopeSchema.parse(envelope))
      .sort((a, b) => a.workItem.version - b.workItem.version);
    expect(changes.map((change) => [change.previousState, change.workItem.state])).toEqual([
      [null, "PROPOSED"],
      ["PROPOSED", "AWAITING_APPROVAL"],
    ]);
    const [awaiting, ...more] = byType("prep_job.estimate_awaiting_approval").map((envelope) =>
      estimateAwaitingApprovalEnvelopeSchema.parse(envelope),
    );
    expect(more).toEqual([]);
    expect(awaiting).toMatchObject({
      prepJob: { id: job.id, prepSiteId: world.sites.prepCentre.id, stage: "APPRAISED" },
      workItem: { id: created.body.id, estimatedCents: 18_000, state: "AWAITING_APPROVAL" },
      awaitingApproval: [{ id: created.body.id }],
      occurredAtLocal: expect.stringMatching(/[+-]\d\d:\d\d$/),
    });

    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(bystander.received).toHaveLength(0);
  });
});
