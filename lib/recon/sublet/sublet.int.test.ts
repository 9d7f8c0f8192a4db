// Sublet vendors and their links (issue 37) against a real database: "At sublet" with a vendor makes or
// reuses the vendor's link for the job (only its hash found, the token kept encrypted), the vendor sees
// only its items, accepts, prices and finishes them through the lifecycle table in one transaction,
// replays change nothing, bad input and dead links change nothing, photos are checked and served
// through signed links, and another organisation's vendor or item is not found.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as photoRoute } from "@/app/api/work-item-photos/[photoId]/route";
import { POST as actionRoute } from "@/app/sublet/[token]/items/[itemId]/route";
import { PUT as uploadRoute } from "@/app/sublet/[token]/items/[itemId]/photos/[photoId]/route";
import { GET as viewRoute } from "@/app/sublet/[token]/view/route";
import { sql } from "@/lib/db";
import type { WorkItemState } from "@/lib/generated/prisma/enums";
import { folderStore } from "@/lib/object-store/folder-store";
import { useProofStore } from "@/lib/proofs/proof-store";
import { reconActorOfStaff } from "@/lib/recon/recon-actor";
import { addStaffWorkItemPhoto, jobSubletDetails } from "@/lib/recon/sublet/job-sublet-details";
import type { SubletVendorItem, SubletVendorView } from "@/lib/recon/sublet/schemas";
import { sendWorkItemToSublet } from "@/lib/recon/sublet/send-to-sublet";
import { revokeSubletLink } from "@/lib/recon/sublet/sublet-links";
import { hashLinkToken } from "@/lib/security/link-token";
import { createPrepJob, createReconWorkItem } from "@/prisma/factories";
import { containsText, GPS_MARKER, jpegWithGps } from "@/test/image-fixtures";
import { createMovementWorld, type MovementWorld } from "@/test/movement-world";
import { setupTestDatabase } from "@/test/test-database";

const database = setupTestDatabase();
const folder = mkdtempSync(path.join(tmpdir(), "vms-sublet-"));
let world: MovementWorld;
let other: MovementWorld;

beforeAll(async () => {
  useProofStore(folderStore(folder));
  world = await createMovementWorld(database.prisma);
  other = await createMovementWorld(database.prisma);
});

afterAll(() => {
  useProofStore(undefined);
  rmSync(folder, { recursive: true, force: true });
});

const staffOf = (w: MovementWorld) =>
  reconActorOfStaff({
    organisationId: w.organisation.id,
    actor: "user:prep@example.test",
    user: { role: "PREP_STAFF" },
  });

async function jobWith(states: WorkItemState[], w: MovementWorld = world) {
  const job = await createPrepJob(database.prisma, {
    organisationId: w.organisation.id,
    profileId: w.profile.id,
    prepSiteId: w.sites.prepCentre.id,
    stage: "APPRAISED",
    vrm: "SU81 ETS",
    make: "Volvo",
    model: "XC40",
  });
  const items = [];
  for (const state of states) {
    items.push(
      await createReconWorkItem(database.prisma, {
        organisationId: w.organisation.id,
        prepJobId: job.id,
        state,
        category: "BODY",
        description: `Item ${items.length + 1}`,
        lines: [{ kind: "SUBLET", amountCents: 30_000 }],
      }),
    );
  }
  return { job, items: items as { id: string }[] };
}

function itemAt(items: { id: string }[], index: number): { id: string } {
  const item = items[index];
  if (!item) throw new Error(`no item ${index}`);
  return item;
}
const tokenOf = (url: string) => url.split("/sublet/")[1] as string;
const newVendor = (name = `Body Shop ${randomUUID().slice(0, 8)}`, email?: string) => ({
  vendor: { new: { name, ...(email ? { email } : {}) } },
});

async function call(
  handler: (request: Request, context: { params: Promise<never> }) => Promise<Response>,
  request: Request,
  params: Record<string, string>,
) {
  const response = await handler(request, { params: Promise.resolve(params as never) });
  const text = await response.text();
  return {
    status: response.status,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    response,
  };
}
const view = (token: string) =>
  call(viewRoute, new Request(`http://localhost/sublet/${token}/view`), { token });
const act = (token: string, itemId: string, body: unknown) =>
  call(
    actionRoute,
    new Request(`http://localhost/sublet/${token}/items/${itemId}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
    { token, itemId },
  );
const upload = (token: string, itemId: string, photoId: string, bytes: Uint8Array, type = "image/jpeg") =>
  call(
    uploadRoute,
    new Request(`http://localhost/sublet/${token}/items/${itemId}/photos/${photoId}`, {
      method: "PUT",
      headers: { "content-type": type },
      body: Buffer.from(bytes),
    }),
    { token, itemId, photoId },
  );

const itemRow = (id: string) =>
  database.kysely.selectFrom("ReconWorkItem").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const historyOf = (id: string) =>
  database.kysely
    .selectFrom("ReconWorkItemStateChange")
    .select(["fromState", "toState", "actor", sql<string>`xmin::text`.as("tx")])
    .where("workItemId", "=", id)
    .orderBy("at")
    .execute();
const eventsOf = async (id: string) =>
  Number(
    (
      await database.kysely
        .selectFrom("Event")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .where("resourceId", "=", id)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("sending an item to a sublet vendor", () => {
  it("moves it to WAITING_SUBLET, adds the vendor, makes its link (hash found, token encrypted) and e-mails it", async () => {
    const { job, items } = await jobWith(["APPROVED", "IN_PROGRESS"]);
    const [first, second] = [itemAt(items, 0), itemAt(items, 1)];
    const email = `shop-${randomUUID()}@vendors.test`;
    const sent = await sendWorkItemToSublet(
      staffOf(world),
      { prepJobId: job.id, itemId: first.id },
      {
        ...newVendor("Smart Repairs", email),
        emailLink: true,
      },
    );
    expect(sent.item.state).toBe("WAITING_SUBLET");
    expect(sent.emailed).toBe(true);
    const token = tokenOf(sent.link.url);
    const link = await database.kysely
      .selectFrom("ReconSubletLink")
      .selectAll()
      .where("id", "=", sent.link.id)
      .executeTakeFirstOrThrow();
    expect(link.tokenHash).toBe(hashLinkToken(token));
    expect(link.tokenCiphertext).not.toContain(token);
    const mail = await database.kysely
      .selectFrom("EmailMessage")
      .select(["kind", "text"])
      .where("to", "=", email)
      .executeTakeFirstOrThrow();
    expect(mail.kind).toBe("sublet_link");
    expect(mail.text).toContain(sent.link.url);

    // Another item of the job to the same vendor (by id now): the same link.
    const again = await sendWorkItemToSublet(
      staffOf(world),
      { prepJobId: job.id, itemId: second.id },
      {
        vendor: { id: sent.vendor.id },
      },
    );
    expect(again.link).toEqual(sent.link);
    const details = await jobSubletDetails(database.kysely, world.organisation.id, job.id);
    expect(details.links.map((each) => each.url)).toEqual([sent.link.url]);
    expect(details.sublet[second.id]).toMatchObject({ vendorName: "Smart Repairs", acceptedAt: null });
  });

  it("refuses a move the table does not have, and another organisation's vendor, changing nothing", async () => {
    const { job, items } = await jobWith(["PROPOSED", "APPROVED"]);
    const [proposed, approved] = [itemAt(items, 0), itemAt(items, 1)];
    await expect(
      sendWorkItemToSublet(staffOf(world), { prepJobId: job.id, itemId: proposed.id }, newVendor()),
    ).rejects.toMatchObject({ code: "INVALID_STATUS_TRANSITION" });
    const { job: otherJob, items: otherItems } = await jobWith(["APPROVED"], other);
    const foreign = await sendWorkItemToSublet(
      staffOf(other),
      { prepJobId: otherJob.id, itemId: (otherItems[0] as { id: string }).id },
      newVendor(),
    );
    await expect(
      sendWorkItemToSublet(
        staffOf(world),
        { prepJobId: job.id, itemId: approved.id },
        {
          vendor: { id: foreign.vendor.id },
        },
      ),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    // Another organisation's item, with our vendor: not found either.
    await expect(
      sendWorkItemToSublet(
        staffOf(world),
        { prepJobId: otherJob.id, itemId: (otherItems[0] as { id: string }).id },
        newVendor(),
      ),
    ).rejects.toMatchObject({ code: "PREP_JOB_NOT_FOUND" });
    expect((await itemRow(approved.id)).state).toBe("APPROVED");
    expect((await itemRow(proposed.id)).state).toBe("PROPOSED");
  });
});

describe("the vendor's link", () => {
  async function sentItems() {
    const { job, items } = await jobWith(["APPROVED", "APPROVED", "APPROVED"]);
    const [mine, theirs, unsent] = [itemAt(items, 0), itemAt(items, 1), itemAt(items, 2)];
    const sent = await sendWorkItemToSublet(
      staffOf(world),
      { prepJobId: job.id, itemId: mine.id },
      newVendor(),
    );
    await sendWorkItemToSublet(staffOf(world), { prepJobId: job.id, itemId: theirs.id }, newVendor());
    return { job, mine, theirs, unsent, token: tokenOf(sent.link.url), linkId: sent.link.id };
  }

  it("shows the vehicle, its prep site and only the vendor's items; others are 404 to it", async () => {
    const { mine, theirs, unsent, token } = await sentItems();
    const { status, body } = await view(token);
    expect(status).toBe(200);
    const shown = body as unknown as SubletVendorView;
    expect(shown.vehicle).toEqual({ vrm: "SU81 ETS", make: "Volvo", model: "XC40" });
    expect(shown.site?.name).toBe(world.sites.prepCentre.name);
    expect(shown.items.map((item) => item.id)).toEqual([mine.id]);
    for (const id of [theirs.id, unsent.id, "01NOSUCHITEM0000000000000"]) {
      const refused = await act(token, id, { action: "accept" });
      expect(refused.status).toBe(404);
      expect(refused.body).toMatchObject({ code: "WORK_ITEM_NOT_FOUND" });
    }
    // Another organisation's item is as unknown.
    const { items: otherItems } = await jobWith(["WAITING_SUBLET"], other);
    expect((await act(token, (otherItems[0] as { id: string }).id, { action: "accept" })).status).toBe(404);
    expect((await itemRow(theirs.id)).state).toBe("WAITING_SUBLET");
  });

  it("accepts, prices and finishes an item: IN_PROGRESS then DONE in one transaction, the price its actual cost", async () => {
    const { mine, token } = await sentItems();
    const accepted = await act(token, mine.id, { action: "accept" });
    expect(accepted.status).toBe(200);
    expect((accepted.body as unknown as SubletVendorItem).acceptedAt).not.toBeNull();
    const assignment = await database.kysely
      .selectFrom("ReconSubletAssignment")
      .select(["acceptedBy", "vendorId"])
      .where("workItemId", "=", mine.id)
      .executeTakeFirstOrThrow();
    expect(assignment.acceptedBy).toBe(`sublet-vendor:${assignment.vendorId}`);
    expect((await act(token, mine.id, { action: "price", priceCents: 41_250 })).status).toBe(200);
    const eventsBefore = await eventsOf(mine.id);

    const done = await act(token, mine.id, { action: "done", priceCents: 42_000 });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ state: "DONE", priceCents: 42_000, open: false });
    const row = await itemRow(mine.id);
    expect(row).toMatchObject({
      state: "DONE",
      actualSubletCents: 42_000,
      actualPartsCents: 0,
      actualHours: 0,
      actualCents: 42_000,
    });
    const history = await historyOf(mine.id);
    const moves = history.slice(-2);
    const actor = `sublet-vendor:${assignment.vendorId}`;
    expect(moves.map(({ fromState, toState, actor: by }) => [fromState, toState, by])).toEqual([
      ["WAITING_SUBLET", "IN_PROGRESS", actor],
      ["IN_PROGRESS", "DONE", actor],
    ]);
    expect(moves[0]?.tx).toBe(moves[1]?.tx); // written by one transaction
    expect(await eventsOf(mine.id)).toBe(eventsBefore + 2);

    // The phone replays: the same answer, nothing changes.
    const replay = await act(token, mine.id, { action: "done", priceCents: 42_000 });
    expect(replay.status).toBe(200);
    expect(replay.body).toMatchObject({ state: "DONE", priceCents: 42_000 });
    expect((await act(token, mine.id, { action: "accept" })).status).toBe(200);
    expect(await historyOf(mine.id)).toHaveLength(history.length);
    expect(await eventsOf(mine.id)).toBe(eventsBefore + 2);
    expect((await itemRow(mine.id)).version).toBe(row.version);
    // Done at another price is no replay.
    const changed = await act(token, mine.id, { action: "done", priceCents: 50_000 });
    expect(changed.status).toBe(409);
    expect((await itemRow(mine.id)).actualSubletCents).toBe(42_000);
  });

  it("refuses a bad price (negative, not a number, fractions of a penny) with 400 and changes nothing", async () => {
    const { mine, token } = await sentItems();
    const before = await itemRow(mine.id);
    for (const body of [
      { action: "done", priceCents: -1 },
      { action: "done", priceCents: "120" },
      { action: "price", priceCents: 12.5 },
      { action: "done" },
      { action: "explode" },
      "not an object",
    ]) {
      const refused = await act(token, mine.id, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body).toMatchObject({ code: "VALIDATION_ERROR" });
    }
    const after = await itemRow(mine.id);
    expect(after).toMatchObject({ state: "WAITING_SUBLET", version: before.version, actualCents: null });
  });

  it("takes photos (checked, stripped, idempotent) and serves them through signed links only", async () => {
    const { mine, token } = await sentItems();
    const photoId = randomUUID();
    const created = await upload(token, mine.id, photoId, jpegWithGps(3));
    expect(created.status).toBe(201);
    const replay = await upload(token, mine.id, photoId, jpegWithGps(3));
    expect(replay.status).toBe(200);
    expect(replay.body.id).toBe(created.body.id);
    expect((await upload(token, mine.id, photoId, jpegWithGps(4))).status).toBe(409);

    const tooLarge = await upload(token, mine.id, randomUUID(), new Uint8Array(1024 * 1024 + 1).fill(0xff));
    expect(tooLarge.status).toBe(413);
    const notImage = await upload(
      token,
      mine.id,
      randomUUID(),
      new TextEncoder().encode("<svg/>"),
      "image/jpeg",
    );
    expect(notImage.status).toBe(415);
    expect((await upload(token, mine.id, randomUUID(), jpegWithGps(), "application/pdf")).status).toBe(415);
    expect((await upload(token, mine.id, "../../etc", jpegWithGps())).status).toBe(400);
    const shown = (await view(token)).body as unknown as SubletVendorView;
    expect(shown.items[0]?.photos).toHaveLength(1);

    const url = new URL(shown.items[0]?.photos[0]?.url as string);
    const photoId2 = url.pathname.split("/").at(-1) as string;
    const served = await photoRoute(new Request(url), { params: Promise.resolve({ photoId: photoId2 }) });
    expect(served.status).toBe(200);
    const bytes = new Uint8Array(await served.arrayBuffer());
    expect(containsText(bytes, GPS_MARKER)).toBe(false);
    url.searchParams.set("sig", "forged");
    expect(
      (await photoRoute(new Request(url), { params: Promise.resolve({ photoId: photoId2 }) })).status,
    ).toBe(403);

    // Staff attach photos to any item, a done one too.
    const { job, items } = await jobWith(["DONE"]);
    const photo = await addStaffWorkItemPhoto(
      staffOf(world),
      { prepJobId: job.id, itemId: (items[0] as { id: string }).id },
      { clientId: randomUUID(), image: { bytes: jpegWithGps(5), type: "image/jpeg" } },
    );
    const details = await jobSubletDetails(database.kysely, world.organisation.id, job.id);
    expect(details.photos[(items[0] as { id: string }).id]?.map((each) => each.id)).toEqual([photo.id]);
    await expect(
      addStaffWorkItemPhoto(
        staffOf(other),
        { prepJobId: job.id, itemId: (items[0] as { id: string }).id },
        { clientId: randomUUID(), image: { bytes: jpegWithGps(5), type: "image/jpeg" } },
      ),
    ).rejects.toMatchObject({ code: "PREP_JOB_NOT_FOUND" });
  });

  it("is 404 once revoked, and for an unknown or malformed token; nothing changes", async () => {
    const { job, mine, token, linkId } = await sentItems();
    await expect(
      revokeSubletLink(
        database.kysely,
        { organisationId: other.organisation.id },
        { prepJobId: job.id, linkId },
      ),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await view(token)).status).toBe(200);
    await revokeSubletLink(
      database.kysely,
      { organisationId: world.organisation.id },
      { prepJobId: job.id, linkId },
    );
    const unknown = "A".repeat(43);
    for (const dead of [token, unknown, "short", "../../etc"]) {
      const shown = await view(dead);
      expect(shown.status).toBe(404);
      expect(shown.body).toMatchObject({ code: "NOT_FOUND" });
      expect(shown.response.headers.get("content-type")).toBe("application/problem+json");
      expect((await act(dead, mine.id, { action: "done", priceCents: 100 })).status).toBe(404);
      expect((await upload(dead, mine.id, randomUUID(), jpegWithGps())).status).toBe(404);
    }
    expect((await itemRow(mine.id)).state).toBe("WAITING_SUBLET");
    // Sending an item again makes a new link; the revoked one stays dead.
    const again = await sendWorkItemToSublet(
      staffOf(world),
      { prepJobId: job.id, itemId: mine.id },
      {
        vendor: {
          id: (await jobSubletDetails(database.kysely, world.organisation.id, job.id)).sublet[mine.id]
            ?.vendorId as string,
        },
      },
    );
    expect(tokenOf(again.link.url)).not.toBe(token);
    expect((await view(token)).status).toBe(404);
  });
});
