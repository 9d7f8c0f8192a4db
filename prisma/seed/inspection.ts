// Demo inspection checklists (issue 37): every demo prep site gets the same twelve checks across the
// work-item categories, and one Northgate job has a recorded inspection whose one failed check is the
// valet item it already carries (proposed, estimated since).
import type { FactoryDb } from "@/prisma/factories";
import type { ReconCategory } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import type { InspectionResult } from "@/lib/recon/inspection-schemas";
import type { DemoOrganisation } from "./context";

export const DEMO_CHECKLIST: { label: string; category: ReconCategory }[] = [
  { label: "Tyre tread ≥ 3 mm on every tyre", category: "TYRES" },
  { label: "Tyres free of cuts, bulges and uneven wear", category: "TYRES" },
  { label: "Brake discs and pads within limits", category: "MECHANICAL" },
  { label: "Oil and coolant at level, no leaks", category: "MECHANICAL" },
  { label: "All lights and indicators work", category: "MECHANICAL" },
  { label: "MOT and service history up to date", category: "INSPECTION" },
  { label: "Windscreen free of chips in the driver's view", category: "GLASS" },
  { label: "Bodywork free of dents", category: "BODY" },
  { label: "Paint free of scuffs and stone chips", category: "PAINT" },
  { label: "Alloy wheels free of kerb damage", category: "SUBLET" },
  { label: "Interior clean and odour-free", category: "VALET" },
  { label: "Forecourt photo set taken", category: "PHOTOS" },
];

const VALET_CHECK = "Interior clean and odour-free";

export async function createDemoChecklists(db: FactoryDb, org: DemoOrganisation): Promise<void> {
  for (const site of org.sites.values()) {
    if (!site.isPrepSite) continue;
    await db.reconInspectionCheck.createMany({
      data: DEMO_CHECKLIST.map((check, position) => ({
        id: newId(),
        organisationId: org.organisation.id,
        siteId: site.id,
        position,
        label: check.label,
        category: check.category,
        updatedAt: site.createdAt,
        updatedBy: "seed",
      })),
    });
  }
}

/** The inspection that proposed a job's valet item: every other check passed. */
export async function createDemoInspection(
  db: FactoryDb,
  org: DemoOrganisation,
  job: { id: string; prepSiteId: string },
  valet: { id: string; createdAt: Date },
  inspectedBy: string,
): Promise<void> {
  const results = DEMO_CHECKLIST.map(({ label, category }): InspectionResult =>
    label === VALET_CHECK
      ? { label, category, passed: false, note: "Dog hair and a smell of smoke", workItemId: valet.id }
      : { label, category, passed: true },
  );
  await db.reconInspection.create({
    data: {
      id: newId(),
      organisationId: org.organisation.id,
      prepJobId: job.id,
      prepSiteId: job.prepSiteId,
      inspectedBy,
      inspectedAt: valet.createdAt,
      results,
    },
  });
}
