-- Issue 37: sublet vendors, their links for a prep job (no account), what they did with the items sent
-- to them, and photos of work items (bytes in the proof store).
CREATE TABLE "ReconSubletVendor" (
    "id" TEXT NOT NULL,
    "organisationId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT,
    "phone" TEXT,
    "createdBy" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ReconSubletVendor_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "ReconSubletLink" (
    "id" TEXT NOT NULL,
    "organisationId" TEXT NOT NULL,
    "prepJobId" TEXT NOT NULL,
    "vendorId" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "tokenCiphertext" TEXT NOT NULL,
    "createdBy" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revokedAt" TIMESTAMP(3),
    "lastSeenAt" TIMESTAMP(3),

    CONSTRAINT "ReconSubletLink_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "ReconSubletAssignment" (
    "workItemId" TEXT NOT NULL,
    "organisationId" TEXT NOT NULL,
    "vendorId" TEXT NOT NULL,
    "sentBy" TEXT NOT NULL,
    "sentAt" TIMESTAMP(3) NOT NULL,
    "acceptedAt" TIMESTAMP(3),
    "acceptedBy" TEXT,
    "priceCents" INTEGER,
    "pricedAt" TIMESTAMP(3),

    CONSTRAINT "ReconSubletAssignment_pkey" PRIMARY KEY ("workItemId"),
    CONSTRAINT "ReconSubletAssignment_price_not_negative" CHECK ("priceCents" IS NULL OR "priceCents" >= 0)
);

CREATE TABLE "ReconWorkItemPhoto" (
    "id" TEXT NOT NULL,
    "organisationId" TEXT NOT NULL,
    "workItemId" TEXT NOT NULL,
    "clientId" TEXT NOT NULL,
    "uploadedBy" TEXT NOT NULL,
    "storageKey" TEXT NOT NULL,
    "contentType" TEXT NOT NULL,
    "bytes" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ReconWorkItemPhoto_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "ReconSubletVendor_organisationId_name_key" ON "ReconSubletVendor"("organisationId", "name");
CREATE UNIQUE INDEX "ReconSubletLink_tokenHash_key" ON "ReconSubletLink"("tokenHash");
CREATE INDEX "ReconSubletLink_prepJobId_idx" ON "ReconSubletLink"("prepJobId");
CREATE INDEX "ReconSubletLink_organisationId_idx" ON "ReconSubletLink"("organisationId");
-- One live link per job and vendor: sending another item of the job to the vendor reuses it.
CREATE UNIQUE INDEX "ReconSubletLink_live_per_job_vendor" ON "ReconSubletLink"("prepJobId", "vendorId") WHERE "revokedAt" IS NULL;
CREATE INDEX "ReconSubletAssignment_vendorId_idx" ON "ReconSubletAssignment"("vendorId");
CREATE INDEX "ReconSubletAssignment_organisationId_idx" ON "ReconSubletAssignment"("organisationId");
CREATE UNIQUE INDEX "ReconWorkItemPhoto_workItemId_clientId_key" ON "ReconWorkItemPhoto"("workItemId", "clientId");
CREATE INDEX "ReconWorkItemPhoto_organisationId_idx" ON "ReconWorkItemPhoto"("organisationId");

ALTER TABLE "ReconSubletVendor" ADD CONSTRAINT "ReconSubletVendor_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "ReconSubletLink" ADD CONSTRAINT "ReconSubletLink_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "ReconSubletLink" ADD CONSTRAINT "ReconSubletLink_prepJobId_fkey" FOREIGN KEY ("prepJobId") REFERENCES "PrepJob"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "ReconSubletLink" ADD CONSTRAINT "ReconSubletLink_vendorId_fkey" FOREIGN KEY ("vendorId") REFERENCES "ReconSubletVendor"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "ReconSubletAssignment" ADD CONSTRAINT "ReconSubletAssignment_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "ReconSubletAssignment" ADD CONSTRAINT "ReconSubletAssignment_workItemId_fkey" FOREIGN KEY ("workItemId") REFERENCES "ReconWorkItem"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "ReconSubletAssignment" ADD CONSTRAINT "ReconSubletAssignment_vendorId_fkey" FOREIGN KEY ("vendorId") REFERENCES "ReconSubletVendor"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "ReconWorkItemPhoto" ADD CONSTRAINT "ReconWorkItemPhoto_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "ReconWorkItemPhoto" ADD CONSTRAINT "ReconWorkItemPhoto_workItemId_fkey" FOREIGN KEY ("workItemId") REFERENCES "ReconWorkItem"("id") ON DELETE CASCADE ON UPDATE CASCADE;
