-- Issue #38 §1: the price-variance roll-up held one row per whole-percent bucket (3.8 M rows, 1.4 GB at
-- 1,000,000 requests: more rows than the deliveries it rolls up). Now one row per key, its buckets as
-- two arrays in step (percents ascending, counts). The rows are regrouped here, in one statement: the
-- roll-up stays whole, and the worker keeps it from the next pass on.
ALTER TABLE "ReportPriceVarianceDay" RENAME TO "ReportPriceVarianceBucket";
ALTER TABLE "ReportPriceVarianceBucket" RENAME CONSTRAINT "ReportPriceVarianceDay_pkey" TO "ReportPriceVarianceBucket_pkey";

CREATE TABLE "ReportPriceVarianceDay" (
    "organisationId" TEXT NOT NULL,
    "siteId" TEXT NOT NULL,
    "days" SMALLINT NOT NULL,
    "day" DATE NOT NULL,
    "businessArea" "BusinessArea" NOT NULL,
    "providerId" TEXT NOT NULL,
    "driverId" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "percents" INTEGER[] NOT NULL,
    "counts" INTEGER[] NOT NULL,
    CONSTRAINT "ReportPriceVarianceDay_pkey" PRIMARY KEY ("organisationId", "siteId", "days", "day", "businessArea", "providerId", "driverId", "currency")
);

INSERT INTO "ReportPriceVarianceDay"
SELECT "organisationId", "siteId", "days", "day", "businessArea", "providerId", "driverId", "currency",
  array_agg("percent" ORDER BY "percent"), array_agg("priced" ORDER BY "percent")
FROM "ReportPriceVarianceBucket"
GROUP BY "organisationId", "siteId", "days", "day", "businessArea", "providerId", "driverId", "currency";

DROP TABLE "ReportPriceVarianceBucket";
