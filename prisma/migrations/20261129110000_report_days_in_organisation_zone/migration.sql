-- Reports (issue 37 §5): the roll-ups' days become the organisation's, in the zone most of its sites
-- keep (lib/reports/site-zones.ts, organisationZone), no longer UTC's, so that its weeks run Monday to
-- Sunday on its own clock. No column changes: "day" keeps its type, only what it means. Every day that
-- holds a roll-up row is marked; the worker's next passes recompute each with its neighbours in the
-- organisation's zone (lib/reports/rollups/refresh-report-rollups.ts), replacing the UTC rows. Until
-- they have, a day's figures may sit under its UTC date.
INSERT INTO "ReportDirtyDay" ("organisationId", "day")
SELECT "organisationId", "day" FROM "ReportDeliveryDay"
UNION
SELECT "organisationId", "day" FROM "ReportLaneDay" WHERE "days" = 1
UNION
SELECT "organisationId", "day" FROM "ReportStageHistogram" WHERE "days" = 1
UNION
SELECT "organisationId", "day" FROM "ReportFrontlineHistogram" WHERE "days" = 1
UNION
SELECT "organisationId", "day" FROM "ReportPriceVarianceDay" WHERE "days" = 1;
