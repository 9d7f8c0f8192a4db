-- Issue 37: reconditioning work items on prep jobs, their estimate lines and state history, the prep
-- sites' recon settings, and the record of moves to Outbound with items still open.
CREATE TYPE "ReconCategory" AS ENUM ('MECHANICAL', 'BODY', 'PAINT', 'TYRES', 'GLASS', 'VALET', 'INSPECTION', 'PHOTOS', 'SUBLET', 'OTHER');
CREATE TYPE "WorkItemState" AS ENUM ('PROPOSED', 'AWAITING_APPROVAL', 'APPROVED', 'DECLINED', 'IN_PROGRESS', 'WAITING_PARTS', 'WAITING_SUBLET', 'DONE');
CREATE TYPE "EstimateLineKind" AS ENUM ('PARTS', 'LABOUR', 'SUBLET');
CREATE TYPE "OutboundWithOpenItems" AS ENUM ('ALLOW', 'WARN_AND_RECORD', 'BLOCK');

CREATE TABLE "ReconWorkItem" (
    "id" TEXT NOT NULL,
    "organisationId" TEXT NOT NULL,
    "prepJobId" TEXT NOT NULL,
    "category" "ReconCategory" NOT NULL,
    "description" TEXT NOT NULL,
    "state" "WorkItemState" NOT NULL DEFAULT 'PROPOSED',
    "version" INTEGER NOT NULL DEFAULT 1,
    "currency" CHAR(3) NOT NULL,
    "estimatedCents" INTEGER NOT NULL DEFAULT 0,
    "partsExpectedOn" DATE,
    "actualPartsCents" INTEGER,
    "actualHours" DOUBLE PRECISION,
    "actualSubletCents" INTEGER,
    "actualCents" INTEGER,
    "decidedBy" TEXT,
    "decidedAt" TIMESTAMP(3),
    "createdBy" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ReconWorkItem_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "ReconWorkItem_amounts_not_negative" CHECK ("estimatedCents" >= 0 AND ("actualCents" IS NULL OR "actualCents" >= 0))
);

CREATE TABLE "ReconEstimateLine" (
    "id" TEXT NOT NULL,
    "workItemId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "kind" "EstimateLineKind" NOT NULL,
    "description" TEXT NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "hours" DOUBLE PRECISION,

    CONSTRAINT "ReconEstimateLine_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "ReconEstimateLine_amount_not_negative" CHECK ("amountCents" >= 0),
    -- Labour lines, and only they, carry hours.
    CONSTRAINT "ReconEstimateLine_hours" CHECK (("kind" = 'LABOUR') = ("hours" IS NOT NULL) AND ("hours" IS NULL OR "hours" >= 0))
);

CREATE TABLE "ReconWorkItemStateChange" (
    "id" TEXT NOT NULL,
    "workItemId" TEXT NOT NULL,
    "organisationId" TEXT NOT NULL,
    "prepJobId" TEXT NOT NULL,
    "fromState" "WorkItemState",
    "toState" "WorkItemState" NOT NULL,
    "actor" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ReconWorkItemStateChange_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "ReconSiteSettings" (
    "siteId" TEXT NOT NULL,
    "organisationId" TEXT NOT NULL,
    "labourRateCents" INTEGER,
    "currency" CHAR(3) NOT NULL,
    "autoApproveBelowCents" INTEGER NOT NULL DEFAULT 0,
    "outboundWithOpenItems" "OutboundWithOpenItems" NOT NULL DEFAULT 'WARN_AND_RECORD',
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "updatedBy" TEXT NOT NULL,

    CONSTRAINT "ReconSiteSettings_pkey" PRIMARY KEY ("siteId"),
    CONSTRAINT "ReconSiteSettings_amounts_not_negative" CHECK (("labourRateCents" IS NULL OR "labourRateCents" >= 0) AND "autoApproveBelowCents" >= 0)
);

CREATE TABLE "ReconOutboundOverride" (
    "id" TEXT NOT NULL,
    "organisationId" TEXT NOT NULL,
    "prepJobId" TEXT NOT NULL,
    "prepSiteId" TEXT,
    "policy" "OutboundWithOpenItems" NOT NULL,
    "trigger" TEXT NOT NULL,
    "actor" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,
    "openItems" JSONB NOT NULL,

    CONSTRAINT "ReconOutboundOverride_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "ReconWorkItem_prepJobId_createdAt_idx" ON "ReconWorkItem"("prepJobId", "createdAt");
CREATE INDEX "ReconWorkItem_organisationId_state_idx" ON "ReconWorkItem"("organisationId", "state");
CREATE UNIQUE INDEX "ReconEstimateLine_workItemId_position_key" ON "ReconEstimateLine"("workItemId", "position");
CREATE INDEX "ReconWorkItemStateChange_workItemId_at_idx" ON "ReconWorkItemStateChange"("workItemId", "at");
CREATE INDEX "ReconWorkItemStateChange_organisationId_at_idx" ON "ReconWorkItemStateChange"("organisationId", "at");
CREATE INDEX "ReconSiteSettings_organisationId_idx" ON "ReconSiteSettings"("organisationId");
CREATE INDEX "ReconOutboundOverride_prepJobId_at_idx" ON "ReconOutboundOverride"("prepJobId", "at");
CREATE INDEX "ReconOutboundOverride_organisationId_at_idx" ON "ReconOutboundOverride"("organisationId", "at");

ALTER TABLE "ReconWorkItem" ADD CONSTRAINT "ReconWorkItem_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "ReconWorkItem" ADD CONSTRAINT "ReconWorkItem_prepJobId_fkey" FOREIGN KEY ("prepJobId") REFERENCES "PrepJob"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "ReconEstimateLine" ADD CONSTRAINT "ReconEstimateLine_workItemId_fkey" FOREIGN KEY ("workItemId") REFERENCES "ReconWorkItem"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "ReconWorkItemStateChange" ADD CONSTRAINT "ReconWorkItemStateChange_workItemId_fkey" FOREIGN KEY ("workItemId") REFERENCES "ReconWorkItem"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "ReconSiteSettings" ADD CONSTRAINT "ReconSiteSettings_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "ReconSiteSettings" ADD CONSTRAINT "ReconSiteSettings_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "ReconOutboundOverride" ADD CONSTRAINT "ReconOutboundOverride_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "ReconOutboundOverride" ADD CONSTRAINT "ReconOutboundOverride_prepJobId_fkey" FOREIGN KEY ("prepJobId") REFERENCES "PrepJob"("id") ON DELETE CASCADE ON UPDATE CASCADE;
