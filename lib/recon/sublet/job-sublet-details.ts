// What the drawer shows of a job's sublet work and photos: the organisation's vendors (to send an item
// to), the job's live vendor links (to copy or revoke), each item's vendor and what the vendor did, and
// each item's photos. And staff's own photos of an item, in any state.
import { kysely, type Kdb } from "@/lib/db";
import type { ImageType } from "@/lib/proofs/strip-metadata";
import { findWorkItemForUpdateOrThrow } from "@/lib/recon/find-recon-job";
import type { ReconActor } from "@/lib/recon/recon-actor";
import type { CardSubletDetails, SubletPhoto, WorkItemSubletInfo } from "@/lib/recon/sublet/schemas";
import { listSubletLinks } from "@/lib/recon/sublet/sublet-links";
import { listSubletVendors } from "@/lib/recon/sublet/sublet-vendors";
import { addWorkItemPhoto, photosOfItems } from "@/lib/recon/sublet/work-item-photos";
import type { WorkItemRef } from "@/lib/recon/transition-work-item";

export async function jobSubletDetails(
  kdb: Kdb,
  organisationId: string,
  prepJobId: string,
): Promise<CardSubletDetails> {
  const [vendors, links, assignments, itemIds] = await Promise.all([
    listSubletVendors(kdb, organisationId),
    listSubletLinks(kdb, organisationId, prepJobId),
    kdb
      .selectFrom("ReconSubletAssignment as a")
      .innerJoin("ReconWorkItem as i", "i.id", "a.workItemId")
      .innerJoin("ReconSubletVendor as v", "v.id", "a.vendorId")
      .select(["a.workItemId", "a.vendorId", "v.name", "a.acceptedAt", "a.priceCents"])
      .where("i.prepJobId", "=", prepJobId)
      .where("i.organisationId", "=", organisationId)
      .execute(),
    kdb
      .selectFrom("ReconWorkItem")
      .select("id")
      .where("prepJobId", "=", prepJobId)
      .where("organisationId", "=", organisationId)
      .execute(),
  ]);
  const sublet: Record<string, WorkItemSubletInfo> = {};
  for (const row of assignments) {
    sublet[row.workItemId] = {
      vendorId: row.vendorId,
      vendorName: row.name,
      acceptedAt: row.acceptedAt?.toISOString() ?? null,
      priceCents: row.priceCents,
    };
  }
  return {
    vendors: vendors.map(({ id, name, email }) => ({ id, name, email })),
    links,
    sublet,
    photos: await photosOfItems(
      kdb,
      itemIds.map((item) => item.id),
    ),
  };
}

/** A photo staff attach to an item from the drawer (any state: before, during or after the work). */
export async function addStaffWorkItemPhoto(
  actor: ReconActor,
  ref: WorkItemRef,
  upload: { clientId: string; image: { bytes: Uint8Array; type: ImageType } },
  now = new Date(),
): Promise<SubletPhoto> {
  return kysely()
    .transaction()
    .execute(async (tx) => {
      const { job, item } = await findWorkItemForUpdateOrThrow(tx, actor, ref);
      const added = await addWorkItemPhoto(tx, job, { ...upload, itemId: item.id, actor: actor.actor }, now);
      return added.photo;
    });
}
