-- The recon cost report counts vehicles without count(DISTINCT …), which sorted a year's rows on disk:
-- one row per job and currency carries vehicle = 1. The rows made before are recomputed by the worker.
ALTER TABLE "ReconCostReport" ADD COLUMN "vehicle" INTEGER NOT NULL DEFAULT 0;

INSERT INTO "ReconReportDirtyJob" ("prepJobId", "organisationId")
SELECT DISTINCT "prepJobId", "organisationId" FROM "ReconCostReport"
ON CONFLICT ("prepJobId") DO UPDATE SET "version" = nextval('"ReconReportDirtyJob_version_seq"');
