// "At sublet" from the drawer: the item moves to WAITING_SUBLET by the lifecycle table (sendToSublet),
// its vendor is recorded (one of the organisation's, or a new one added inline), and the vendor's link
// for the job is made or reused; it is e-mailed to the vendor through the outbox when asked and an
// address is known. An item already at sublet (the API sends items there without a vendor) only gets
// its vendor. All of it in one transaction: any refusal changes nothing.
import { kysely, type Kdb } from "@/lib/db";
import { getMailBrand, renderBrandedEmail } from "@/lib/notifications/branded-email";
import { enqueueEmail } from "@/lib/notifications/enqueue-email";
import { assertVersion, findWorkItemForUpdateOrThrow, type ReconJob } from "@/lib/recon/find-recon-job";
import type { ReconActor } from "@/lib/recon/recon-actor";
import type { WorkItemResponse } from "@/lib/recon/schemas";
import { noteWorkItemChange } from "@/lib/recon/sublet/note-work-item-change";
import type { SendToSubletInput } from "@/lib/recon/sublet/schemas";
import { sendToSubletInput } from "@/lib/recon/sublet/schemas";
import { ensureSubletLink } from "@/lib/recon/sublet/sublet-links";
import { vendorToSendTo, type SubletVendor } from "@/lib/recon/sublet/sublet-vendors";
import { transitionWorkItem, type WorkItemRef } from "@/lib/recon/transition-work-item";
import { WORK_ITEM_TRANSITIONS } from "@/lib/recon/work-item-transitions";

const AT_SUBLET = WORK_ITEM_TRANSITIONS.sendToSublet.to;

export type SentToSublet = {
  item: WorkItemResponse;
  link: { id: string; url: string };
  vendor: { id: string; name: string };
  emailed: boolean;
};

export async function sendWorkItemToSublet(
  actor: ReconActor,
  ref: WorkItemRef,
  rawInput: SendToSubletInput,
  now = new Date(),
): Promise<SentToSublet> {
  const input = sendToSubletInput.parse(rawInput);
  return kysely()
    .transaction()
    .execute(async (tx) => {
      const vendor = await vendorToSendTo(tx, actor, input.vendor, now);
      const { job, item } = await findWorkItemForUpdateOrThrow(tx, actor, ref);
      if (item.state === AT_SUBLET) assertVersion(item, input.version);
      else await transitionWorkItem(tx, actor, ref, { to: AT_SUBLET, version: input.version }, now);
      await assign(
        tx,
        { organisationId: job.organisationId, itemId: item.id, vendorId: vendor.id },
        actor,
        now,
      );
      const link = await ensureSubletLink(tx, {
        organisationId: job.organisationId,
        prepJobId: job.id,
        vendorId: vendor.id,
        actor: actor.actor,
        now,
      });
      const updated = await noteWorkItemChange(tx, job, { itemId: item.id, actor: actor.actor, at: now });
      const emailed =
        input.emailLink && vendor.email ? await emailVendor(tx, job, vendor, link.url, now) : false;
      return {
        item: updated,
        link: { id: link.id, url: link.url },
        vendor: { id: vendor.id, name: vendor.name },
        emailed,
      };
    });
}

/** The item's vendor; sent again to the same vendor, what the vendor did so far stands. */
async function assign(
  tx: Kdb,
  row: { organisationId: string; itemId: string; vendorId: string },
  actor: ReconActor,
  now: Date,
): Promise<void> {
  await tx
    .insertInto("ReconSubletAssignment")
    .values({
      workItemId: row.itemId,
      organisationId: row.organisationId,
      vendorId: row.vendorId,
      sentBy: actor.actor,
      sentAt: now,
    })
    .onConflict((conflict) =>
      conflict
        .column("workItemId")
        .doUpdateSet({
          vendorId: row.vendorId,
          sentBy: actor.actor,
          sentAt: now,
          acceptedAt: null,
          acceptedBy: null,
          priceCents: null,
          pricedAt: null,
        })
        .where("ReconSubletAssignment.vendorId", "!=", row.vendorId),
    )
    .execute();
}

async function emailVendor(
  tx: Kdb,
  job: ReconJob,
  vendor: SubletVendor,
  url: string,
  at: Date,
): Promise<true> {
  const vehicle = await tx
    .selectFrom("PrepJob")
    .select(["make", "model", "vrm"])
    .where("id", "=", job.id)
    .executeTakeFirstOrThrow();
  const name = [vehicle.make, vehicle.model].filter(Boolean).join(" ") || "A vehicle";
  const what = vehicle.vrm ? `${name} (${vehicle.vrm})` : name;
  await enqueueEmail(tx, {
    organisationId: job.organisationId,
    kind: "sublet_link",
    to: vendor.email as string,
    subject: `Sublet work: ${what}`,
    at,
    ...renderBrandedEmail(await getMailBrand(tx, job.organisationId), {
      heading: `Work for ${vendor.name}`,
      paragraphs: [
        `${what} has work for you. See the items, accept them, give your final price and a photo, and mark them done with the button below.`,
      ],
      action: { label: "See the work", url },
      footer: { text: "This link is for your business alone; do not forward it." },
    }),
  });
  return true;
}
