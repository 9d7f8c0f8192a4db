// Demo kanban settings: Coventry has WIP limits, its own ageing for Arrived and Appraised, and opening
// hours (Monday to Friday 08:00–18:00, Saturday morning, closed at Christmas), so its board shows
// working-hours ageing and a column at or over its limit. The other prep sites keep the defaults.
import type { Site } from "@/lib/generated/prisma/client";
import { prepSiteSettingsSchema } from "@/lib/prep-jobs/kanban/kanban-settings";
import type { FactoryDb } from "@/prisma/factories";

const weekday = [{ open: "08:00", close: "18:00" }];

const COVENTRY = prepSiteSettingsSchema.parse({
  wipLimits: { INBOUND: 6, ARRIVED: 2, APPRAISED: 3, OUTBOUND: 6 },
  ageingThresholds: { ARRIVED: { amberHours: 8, redHours: 16 }, APPRAISED: { amberHours: 16, redHours: 24 } },
  openingHours: {
    mon: weekday,
    tue: weekday,
    wed: weekday,
    thu: weekday,
    fri: weekday,
    sat: [{ open: "08:00", close: "12:00" }],
  },
  closedDays: ["2026-12-25", "2026-12-26", "2027-01-01"],
});

export async function createDemoPrepSiteSettings(db: FactoryDb, sites: Map<string, Site>): Promise<void> {
  const coventry = sites.get("COV1");
  if (!coventry) return;
  await db.prepSiteSettings.create({
    data: {
      siteId: coventry.id,
      organisationId: coventry.organisationId,
      ...COVENTRY,
      openingHours: COVENTRY.openingHours ?? undefined,
      updatedBy: "seed",
    },
  });
}
