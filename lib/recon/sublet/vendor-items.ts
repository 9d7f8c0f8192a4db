// What a vendor sees on its link: the vehicle, the prep site where it stands, and only the items of
// the job sent to this vendor (an item sent to another vendor, or to none, is not there).
import { kysely, type Kdb } from "@/lib/db";
import { resolveSubletLink, type ResolvedSubletLink } from "@/lib/recon/sublet/resolve-sublet-link";
import type { SubletVendorItem, SubletVendorView } from "@/lib/recon/sublet/schemas";
import { photosOfItems } from "@/lib/recon/sublet/work-item-photos";
import { WORK_ITEM_TRANSITIONS } from "@/lib/recon/work-item-transitions";

export async function vendorItems(
  kdb: Kdb,
  resolved: ResolvedSubletLink,
  itemIds?: string[],
): Promise<SubletVendorItem[]> {
  const rows = await kdb
    .selectFrom("ReconWorkItem as i")
    .innerJoin("ReconSubletAssignment as a", "a.workItemId", "i.id")
    .select(["i.id", "i.category", "i.description", "i.state", "i.currency", "a.acceptedAt", "a.priceCents"])
    .where("i.organisationId", "=", resolved.link.organisationId)
    .where("i.prepJobId", "=", resolved.link.prepJobId)
    .where("a.vendorId", "=", resolved.link.vendorId)
    .$if(itemIds !== undefined, (query) => query.where("i.id", "in", itemIds as string[]))
    .orderBy("i.createdAt")
    .orderBy("i.id")
    .execute();
  const photos = await photosOfItems(
    kdb,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    category: row.category,
    description: row.description,
    state: row.state,
    currency: row.currency,
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    priceCents: row.priceCents,
    open: row.state === WORK_ITEM_TRANSITIONS.sendToSublet.to,
    photos: photos[row.id] ?? [],
  }));
}

export async function vendorView(kdb: Kdb, resolved: ResolvedSubletLink): Promise<SubletVendorView> {
  const { link } = resolved;
  const job = await kdb
    .selectFrom("PrepJob as j")
    .innerJoin("Organisation as o", "o.id", "j.organisationId")
    .leftJoin("Site as s", "s.id", "j.prepSiteId")
    .select([
      "j.vrm",
      "j.make",
      "j.model",
      "o.name as organisationName",
      "s.name as siteName",
      "s.addressLine1",
      "s.addressLine2",
      "s.city",
      "s.postcode",
    ])
    .where("j.id", "=", link.prepJobId)
    .where("j.organisationId", "=", link.organisationId)
    .executeTakeFirstOrThrow();
  const address = [job.addressLine1, job.addressLine2, job.city, job.postcode].filter(Boolean).join(", ");
  return {
    vendorName: resolved.vendor.name,
    organisationName: job.organisationName,
    vehicle: { vrm: job.vrm, make: job.make, model: job.model },
    site: job.siteName ? { name: job.siteName, address } : null,
    items: await vendorItems(kdb, resolved),
  };
}

/** The vendor's page: its view, or null for an unknown, malformed or revoked token (404). */
export async function subletPageView(token: string): Promise<SubletVendorView | null> {
  const resolved = await resolveSubletLink(token);
  return resolved ? vendorView(kysely(), resolved) : null;
}
