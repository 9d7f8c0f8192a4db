// The live stream of one site's board: only that site's prep-job changes of that organisation, with
// nothing personal in them, and a cursor that moves past the events it leaves out.
import { describe, expect, it } from "vitest";
import { kysely } from "@/lib/db";
import { prepJobBoardStream } from "@/lib/prep-jobs/kanban/board-stream";
import { movePrepJob } from "@/lib/prep-jobs/move-prep-job";
import { createWorkItem } from "@/lib/recon/create-work-item";
import { createTenant } from "@/test/tenant";
import { setupTestDatabase } from "@/test/test-database";
import { createPrepJob, createSite } from "@/prisma/factories";

const database = setupTestDatabase();

type Message = { id?: string; data?: string };

/** Reads SSE blocks until `until` says enough. */
async function readUntil(stream: ReadableStream<Uint8Array>, until: (messages: Message[]) => boolean) {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  const messages: Message[] = [];
  let text = "";
  while (!until(messages)) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value);
    const blocks = text.split("\n\n");
    text = blocks.pop() ?? "";
    for (const block of blocks) {
      const message: Message = {};
      for (const line of block.split("\n")) {
        if (line.startsWith("id: ")) message.id = line.slice(4);
        if (line.startsWith("data: ")) message.data = line.slice(6);
      }
      if (message.id) messages.push(message);
    }
  }
  reader.releaseLock();
  return messages;
}

/** A tenant's prep site with one job at `stage`. */
async function siteWithJob(stage: "ARRIVED" | "APPRAISED") {
  const tenant = await createTenant(database.prisma);
  const organisationId = tenant.organisation.id;
  const site = await createSite(database.prisma, { organisationId, isPrepSite: true });
  const job = await createPrepJob(database.prisma, {
    organisationId,
    profileId: tenant.profile.id,
    prepSiteId: site.id,
    stage,
  });
  return { organisationId, site, job };
}

describe("the board stream", () => {
  it("sends the site's changes only, without the actor, and moves its cursor past the others", async () => {
    const tenant = await createTenant(database.prisma);
    const other = await createTenant(database.prisma);
    const organisationId = tenant.organisation.id;
    const site = await createSite(database.prisma, { organisationId, isPrepSite: true });
    const neighbour = await createSite(database.prisma, { organisationId, isPrepSite: true });
    const otherSite = await createSite(database.prisma, {
      organisationId: other.organisation.id,
      isPrepSite: true,
    });
    const make = (org: typeof tenant, prepSiteId: string) =>
      createPrepJob(database.prisma, {
        organisationId: org.organisation.id,
        profileId: org.profile.id,
        prepSiteId,
        stage: "ARRIVED",
      });
    const mine = await make(tenant, site.id);
    const neighbours = await make(tenant, neighbour.id);
    const foreign = await make(other, otherSite.id);

    const abort = new AbortController();
    const stream = await prepJobBoardStream({ organisationId, prepSiteId: site.id }, null, abort.signal);
    const reading = readUntil(stream, (messages) => messages.some((message) => message.data));
    const actor = "user:secret-person@example.test";
    await movePrepJob({ organisationId: other.organisation.id, actor }, foreign.id, { stage: "APPRAISED" });
    await movePrepJob({ organisationId, actor }, neighbours.id, { stage: "APPRAISED" });
    await movePrepJob({ organisationId, actor }, mine.id, { stage: "APPRAISED" });
    const messages = await reading;
    abort.abort();

    // The neighbour's change: an id only (advances Last-Event-ID, dispatches nothing).
    expect(messages).toHaveLength(2);
    expect(messages[0]!.data).toBeUndefined();
    const change = JSON.parse(messages[1]!.data!);
    expect(change).toEqual({
      sequence: messages[1]!.id,
      type: "prep_job.stage_changed",
      prepJobId: mine.id,
      stage: "APPRAISED",
      substage: null,
    });
    expect(messages[1]!.data).not.toContain("secret-person");
    const foreignEvent = await kysely()
      .selectFrom("Event")
      .selectAll()
      .where("resourceId", "=", foreign.id)
      .executeTakeFirstOrThrow();
    expect(messages.map((message) => message.id)).not.toContain(foreignEvent.sequence.toString());
  });

  it("sends a work item's change as a change of its job's card", async () => {
    const { organisationId, site, job } = await siteWithJob("APPRAISED");
    const abort = new AbortController();
    const stream = await prepJobBoardStream({ organisationId, prepSiteId: site.id }, null, abort.signal);
    const reading = readUntil(stream, (messages) => messages.some((message) => message.data));
    const actor = { organisationId, actor: "user:fitter@example.test", canApprove: false };
    await createWorkItem(actor, job.id, {
      category: "TYRES",
      description: "Two front tyres",
      estimate: [{ kind: "PARTS", description: "Tyres", amountCents: 18_000 }],
    });
    const messages = await reading;
    abort.abort();
    expect(JSON.parse(messages.find((message) => message.data)!.data!)).toMatchObject({
      type: "prep_job.work_item_changed",
      prepJobId: job.id,
    });
  });

  it("resumes after Last-Event-ID", async () => {
    const { organisationId, site, job } = await siteWithJob("ARRIVED");
    const actor = "user:a@example.test";
    await movePrepJob({ organisationId, actor }, job.id, { stage: "APPRAISED" });
    const seen = await kysely()
      .selectFrom("Event")
      .selectAll()
      .where("resourceId", "=", job.id)
      .orderBy("sequence", "desc")
      .executeTakeFirstOrThrow();
    await movePrepJob({ organisationId, actor }, job.id, { stage: "ARRIVED" });

    const abort = new AbortController();
    const stream = await prepJobBoardStream(
      { organisationId, prepSiteId: site.id },
      seen.sequence.toString(),
      abort.signal,
    );
    const messages = await readUntil(stream, (received) => received.length >= 1);
    abort.abort();
    expect(JSON.parse(messages[0]!.data!)).toMatchObject({ prepJobId: job.id, stage: "ARRIVED" });
  });
});
