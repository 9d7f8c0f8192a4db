// A prep site's inspection checklist (ReconInspectionCheck): the checks staff go through when they
// inspect a vehicle, in order, each with the work-item category its failure proposes. An admin edits the
// list as a whole on the site's settings page; saving replaces it. Another organisation's site (or a site
// that is no prep site) is SITE_NOT_FOUND and nothing changes.
import { kysely, transaction, type Kdb } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import { newId } from "@/lib/ids";
import {
  inspectionChecklistInput,
  type InspectionCheck,
  type InspectionChecklistInput,
} from "@/lib/recon/inspection-schemas";

/** The site's checks in order (none: the site has no checklist). */
export function checklistOf(kdb: Kdb, organisationId: string, siteId: string): Promise<InspectionCheck[]> {
  return kdb
    .selectFrom("ReconInspectionCheck")
    .select(["id", "label", "category"])
    .where("organisationId", "=", organisationId)
    .where("siteId", "=", siteId)
    .orderBy("position")
    .execute();
}

/** A prep site's checklist, for its settings page. */
export function getInspectionChecklist(organisationId: string, siteId: string): Promise<InspectionCheck[]> {
  return checklistOf(kysely(), organisationId, siteId);
}

/** An admin saves a prep site's whole checklist (in the order given); an empty list removes it. */
export async function saveInspectionChecklist(
  scope: { organisationId: string; actor: string },
  siteId: string,
  input: InspectionChecklistInput,
  now: Date = new Date(),
): Promise<InspectionCheck[]> {
  const { checks } = inspectionChecklistInput.parse(input);
  return transaction(async (tx) => {
    // The site's row lock makes two admins' saves take turns (each replaces the whole list).
    const site = await tx
      .selectFrom("Site")
      .select("id")
      .where("id", "=", siteId)
      .where("organisationId", "=", scope.organisationId)
      .where("isPrepSite", "=", true)
      .forUpdate()
      .executeTakeFirst();
    if (!site) throw new AppError("SITE_NOT_FOUND", `No prep site ${siteId} was found.`);
    await tx.deleteFrom("ReconInspectionCheck").where("siteId", "=", site.id).execute();
    if (checks.length > 0) {
      await tx
        .insertInto("ReconInspectionCheck")
        .values(
          checks.map((check, position) => ({
            id: newId(),
            organisationId: scope.organisationId,
            siteId: site.id,
            position,
            label: check.label,
            category: check.category,
            updatedAt: now,
            updatedBy: scope.actor,
          })),
        )
        .execute();
    }
    return checklistOf(tx, scope.organisationId, site.id);
  });
}
