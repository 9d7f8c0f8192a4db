-- CreateTable
-- Carriers' job links (issue 16): a hashed token per offer of a movement request to one carrier.
CREATE TABLE "JobLink" (
    "id" TEXT NOT NULL,
    "organisationId" TEXT NOT NULL,
    "movementRequestId" TEXT NOT NULL,
    "driverId" TEXT,
    "thirdPartyLogisticsProviderId" TEXT,
    "tokenHash" TEXT NOT NULL,
    "createdBy" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revokedAt" TIMESTAMP(3),
    "declinedAt" TIMESTAMP(3),
    "lastSeenAt" TIMESTAMP(3),

    CONSTRAINT "JobLink_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "JobLink_one_carrier" CHECK (("driverId" IS NULL) <> ("thirdPartyLogisticsProviderId" IS NULL))
);

-- CreateTable
CREATE TABLE "JobLinkAction" (
    "id" TEXT NOT NULL,
    "jobLinkId" TEXT NOT NULL,
    "idempotencyKey" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "requestHash" TEXT NOT NULL,
    "responseStatus" INTEGER,
    "responseBody" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "JobLinkAction_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "JobLink_tokenHash_key" ON "JobLink"("tokenHash");

-- CreateIndex
CREATE INDEX "JobLink_movementRequestId_idx" ON "JobLink"("movementRequestId");

-- CreateIndex
CREATE UNIQUE INDEX "JobLinkAction_jobLinkId_idempotencyKey_key" ON "JobLinkAction"("jobLinkId", "idempotencyKey");

-- AddForeignKey
ALTER TABLE "JobLink" ADD CONSTRAINT "JobLink_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "JobLinkAction" ADD CONSTRAINT "JobLinkAction_jobLinkId_fkey" FOREIGN KEY ("jobLinkId") REFERENCES "JobLink"("id") ON DELETE CASCADE ON UPDATE CASCADE;
