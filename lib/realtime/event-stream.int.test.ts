import { describe, expect, it } from "vitest";
import { db, kyselyIn } from "@/lib/db";
import { recordEvent } from "@/lib/events/record-event";
import { organisationEventStream, startingSequence } from "@/lib/realtime/event-stream";
import { createTenant, type Tenant } from "@/test/tenant";
import { setupTestDatabase } from "@/test/test-database";

const database = setupTestDatabase();

async function record(
  tenant: Tenant,
  type: string,
  resourceType: "prep_job" | "movement_request",
  version: number,
) {
  await db().$transaction((tx) =>
    recordEvent(kyselyIn(tx), {
      organisationId: tenant.organisation.id,
      profileId: tenant.profile.id,
      type,
      resourceType,
      resourceId: `${tenant.organisation.id}-r`,
      resourceVersion: version,
      occurredAt: new Date(),
      payload: { version },
    }),
  );
}

/** Reads SSE messages (id + data) until `count` have arrived. */
async function readMessages(stream: ReadableStream<Uint8Array>, count: number) {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const messages: { id: string; event: string; data: { payload: { version: number } } }[] = [];
  while (messages.length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value);
    const blocks = text.split("\n\n");
    text = blocks.pop() ?? "";
    for (const block of blocks) {
      const fields = Object.fromEntries(
        block
          .split("\n")
          .filter((line) => /^(id|event|data): /.test(line))
          .map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 2)]),
      );
      if (fields.data)
        messages.push({ id: fields.id ?? "", event: fields.event ?? "", data: JSON.parse(fields.data) });
    }
  }
  reader.releaseLock();
  return messages;
}

describe("the organisation event stream", () => {
  it("sends new events of the organisation as they are recorded, and nothing of another", async () => {
    const tenant = await createTenant(database.prisma);
    const other = await createTenant(database.prisma);
    const abort = new AbortController();
    const stream = organisationEventStream(
      { organisationId: tenant.organisation.id, resourceTypes: ["prep_job"] },
      await startingSequence(tenant.organisation.id, null),
      abort.signal,
    );
    const reading = readMessages(stream, 2);
    await record(other, "prep_job.stage_changed", "prep_job", 1);
    await record(tenant, "movement_request.created", "movement_request", 1); // filtered out by type
    await record(tenant, "prep_job.stage_changed", "prep_job", 1);
    await record(tenant, "prep_job.stage_changed", "prep_job", 2);
    const messages = await reading;
    abort.abort();
    expect(messages.map((message) => message.data.payload.version)).toEqual([1, 2]);
    expect(messages.every((message) => message.event === "prep_job.stage_changed")).toBe(true);
    expect(BigInt(messages[1]!.id)).toBeGreaterThan(BigInt(messages[0]!.id));
  });

  it("resumes after Last-Event-ID without missing or repeating an event", async () => {
    const tenant = await createTenant(database.prisma);
    for (let version = 1; version <= 3; version++)
      await record(tenant, "prep_job.stage_changed", "prep_job", version);
    const all = await db().event.findMany({
      where: { organisationId: tenant.organisation.id },
      orderBy: { sequence: "asc" },
    });
    const abort = new AbortController();
    const stream = organisationEventStream(
      { organisationId: tenant.organisation.id, resourceTypes: ["prep_job"] },
      await startingSequence(tenant.organisation.id, all[0]!.sequence.toString()),
      abort.signal,
    );
    const messages = await readMessages(stream, 2);
    abort.abort();
    expect(messages.map((message) => message.data.payload.version)).toEqual([2, 3]);
  });
});
