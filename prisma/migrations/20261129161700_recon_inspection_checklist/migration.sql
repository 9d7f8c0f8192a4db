-- Issue 37: each prep site's inspection checklist (a template an admin edits) and the inspections of
-- prep jobs against it; a failed check proposes a work item.
CREATE TABLE "ReconInspectionCheck" (
    "id" TEXT NOT NULL,
    "organisationId" TEXT NOT NULL,
    "siteId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "label" TEXT NOT NULL,
    "category" "ReconCategory" NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "updatedBy" TEXT NOT NULL,

    CONSTRAINT "ReconInspectionCheck_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "ReconInspection" (
    "id" TEXT NOT NULL,
    "organisationId" TEXT NOT NULL,
    "prepJobId" TEXT NOT NULL,
    "prepSiteId" TEXT NOT NULL,
    "inspectedBy" TEXT NOT NULL,
    "inspectedAt" TIMESTAMP(3) NOT NULL,
    "results" JSONB NOT NULL,

    CONSTRAINT "ReconInspection_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "ReconInspectionCheck_siteId_position_key" ON "ReconInspectionCheck"("siteId", "position");
CREATE INDEX "ReconInspectionCheck_organisationId_idx" ON "ReconInspectionCheck"("organisationId");
CREATE INDEX "ReconInspection_prepJobId_inspectedAt_idx" ON "ReconInspection"("prepJobId", "inspectedAt");
CREATE INDEX "ReconInspection_organisationId_idx" ON "ReconInspection"("organisationId");

ALTER TABLE "ReconInspectionCheck" ADD CONSTRAINT "ReconInspectionCheck_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "ReconInspectionCheck" ADD CONSTRAINT "ReconInspectionCheck_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "ReconInspection" ADD CONSTRAINT "ReconInspection_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "ReconInspection" ADD CONSTRAINT "ReconInspection_prepJobId_fkey" FOREIGN KEY ("prepJobId") REFERENCES "PrepJob"("id") ON DELETE CASCADE ON UPDATE CASCADE;
