-- Reports (issue 17 §4): the price variance histogram per day held about as many rows as priced
-- deliveries (886,000 for two years at 1,000,000 requests: a few per carrier and day), so a year read
-- hundreds of thousands. As the prep histograms: also summed per ISO week ("days" = 7, "day" its
-- Monday); a year reads 52 weeks and at most 12 edge days.
ALTER TABLE "ReportPriceVarianceDay" ADD COLUMN "days" SMALLINT NOT NULL DEFAULT 1;
ALTER TABLE "ReportPriceVarianceDay" ALTER COLUMN "days" DROP DEFAULT;
ALTER TABLE "ReportPriceVarianceDay" DROP CONSTRAINT "ReportPriceVarianceDay_pkey";
ALTER TABLE "ReportPriceVarianceDay" ADD CONSTRAINT "ReportPriceVarianceDay_pkey"
  PRIMARY KEY ("organisationId", "siteId", "days", "day", "businessArea", "providerId", "driverId", "currency", "percent");

-- The weeks are built by the worker's next passes.
INSERT INTO "ReportDirtyDay" ("organisationId", "day")
SELECT DISTINCT "organisationId", "day" FROM "ReportPriceVarianceDay"
ON CONFLICT DO NOTHING;
