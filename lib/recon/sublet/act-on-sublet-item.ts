// What a vendor does to one of its items on its link (issue 37), each in one transaction under the
// item's row lock, with the vendor as actor ("sublet-vendor:<id>"):
// - accept: records when, and by whom;
// - price: the final price (the sublet invoice, in the item's currency), while it waits for the vendor;
// - done, with its final price: the item goes WAITING_SUBLET → IN_PROGRESS (start) → DONE (finish), two
//   moves of the lifecycle table (transitionWorkItem: two history rows, two events), the price its actual
//   sublet cost (parts and hours 0: what the vendor charges is what the vendor did);
// - a photo (uploadVendorPhoto), while it waits for the vendor.
// A phone may replay any of them: an action that is already so (accepted, the same price, done at that
// price, the same photo) answers the item as it is and changes nothing. An item not sent to this
// vendor, of another job or organisation, is 404; one no longer waiting for the vendor is 409.
import { kysely, type Kdb } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import type { ImageType } from "@/lib/proofs/strip-metadata";
import { findWorkItemForUpdateOrThrow } from "@/lib/recon/find-recon-job";
import { noteWorkItemChange } from "@/lib/recon/sublet/note-work-item-change";
import { vendorActor, type ResolvedSubletLink } from "@/lib/recon/sublet/resolve-sublet-link";
import type { SubletItemActionBody, SubletPhoto, SubletVendorItem } from "@/lib/recon/sublet/schemas";
import { vendorItems } from "@/lib/recon/sublet/vendor-items";
import { addWorkItemPhoto } from "@/lib/recon/sublet/work-item-photos";
import { transitionWorkItem } from "@/lib/recon/transition-work-item";
import { WORK_ITEM_TRANSITIONS } from "@/lib/recon/work-item-transitions";

const AT_SUBLET = WORK_ITEM_TRANSITIONS.sendToSublet.to;
const DONE = WORK_ITEM_TRANSITIONS.finish.to;

export async function actOnSubletItem(
  resolved: ResolvedSubletLink,
  itemId: string,
  body: SubletItemActionBody,
  now = new Date(),
): Promise<SubletVendorItem> {
  return kysely()
    .transaction()
    .execute(async (tx) => {
      const { item, assignment } = await vendorItemForUpdate(tx, resolved, itemId);
      const actor = vendorActor(resolved);
      const ref = { prepJobId: resolved.job.id, itemId: item.id };
      const note = () =>
        noteWorkItemChange(tx, resolved.job, { itemId: item.id, actor: actor.actor, at: now });
      switch (body.action) {
        case "accept":
          if (assignment.acceptedAt) break;
          assertOpen(item.state);
          await setAssignment(tx, item.id, { acceptedAt: now, acceptedBy: actor.actor });
          await note();
          break;
        case "price":
          if (assignment.priceCents === body.priceCents) break;
          assertOpen(item.state);
          await setAssignment(tx, item.id, { priceCents: body.priceCents, pricedAt: now });
          await note();
          break;
        case "done":
          if (
            item.state === DONE &&
            item.actualSubletCents === body.priceCents &&
            assignment.priceCents === body.priceCents
          )
            break;
          assertOpen(item.state);
          await setAssignment(tx, item.id, {
            priceCents: body.priceCents,
            pricedAt: now,
            ...(assignment.acceptedAt ? {} : { acceptedAt: now, acceptedBy: actor.actor }),
          });
          await transitionWorkItem(tx, actor, ref, { to: WORK_ITEM_TRANSITIONS.start.to }, now);
          await transitionWorkItem(
            tx,
            actor,
            ref,
            { to: DONE, actual: { partsCents: 0, hours: 0, subletCents: body.priceCents } },
            // A millisecond later: the history keeps the two moves in order.
            new Date(now.getTime() + 1),
          );
          break;
      }
      return itemView(tx, resolved, item.id);
    });
}

/** A photo of one of the vendor's items, while it waits for the vendor (a replay of one is its answer). */
export async function uploadVendorPhoto(
  resolved: ResolvedSubletLink,
  itemId: string,
  clientId: string,
  image: { bytes: Uint8Array; type: ImageType },
  now = new Date(),
): Promise<{ photo: SubletPhoto; replayed: boolean }> {
  return kysely()
    .transaction()
    .execute(async (tx) => {
      const { item } = await vendorItemForUpdate(tx, resolved, itemId);
      const already = await tx
        .selectFrom("ReconWorkItemPhoto")
        .select("id")
        .where("workItemId", "=", item.id)
        .where("clientId", "=", clientId)
        .executeTakeFirst();
      if (!already) assertOpen(item.state);
      const upload = { itemId: item.id, clientId, image, actor: vendorActor(resolved).actor };
      return addWorkItemPhoto(tx, resolved.job, upload, now);
    });
}

async function vendorItemForUpdate(tx: Kdb, resolved: ResolvedSubletLink, itemId: string) {
  const notFound = () =>
    new AppError("WORK_ITEM_NOT_FOUND", `No work item ${itemId} was sent to you on this job.`);
  const scope = { organisationId: resolved.link.organisationId };
  const { item } = await findWorkItemForUpdateOrThrow(tx, scope, {
    prepJobId: resolved.job.id,
    itemId,
  }).catch((error: unknown) => {
    throw error instanceof AppError && error.code === "WORK_ITEM_NOT_FOUND" ? notFound() : error;
  });
  const assignment = await tx
    .selectFrom("ReconSubletAssignment")
    .select(["acceptedAt", "priceCents"])
    .where("workItemId", "=", item.id)
    .where("vendorId", "=", resolved.link.vendorId)
    .executeTakeFirst();
  if (!assignment) throw notFound();
  return { item, assignment };
}

function assertOpen(state: string): void {
  if (state !== AT_SUBLET) {
    throw new AppError(
      "INVALID_STATUS_TRANSITION",
      state === DONE
        ? "This item is already done."
        : "This item is no longer waiting for you: the workshop has taken it back.",
    );
  }
}

function setAssignment(
  tx: Kdb,
  itemId: string,
  values: { acceptedAt?: Date; acceptedBy?: string; priceCents?: number; pricedAt?: Date },
) {
  return tx.updateTable("ReconSubletAssignment").set(values).where("workItemId", "=", itemId).execute();
}

async function itemView(tx: Kdb, resolved: ResolvedSubletLink, itemId: string): Promise<SubletVendorItem> {
  const [item] = await vendorItems(tx, resolved, [itemId]);
  if (!item) throw new Error(`Sublet item ${itemId} vanished inside its own transaction`);
  return item;
}
