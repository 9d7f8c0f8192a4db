-- Issue #35 §3: each request's estimated arrival window, and the delivered legs' trips it learns from.

-- CreateEnum
CREATE TYPE "EtaBasis" AS ENUM ('POSITION', 'HISTORY', 'SCHEDULE');

-- CreateTable
CREATE TABLE "MovementEta" (
    "movementRequestId" TEXT NOT NULL,
    "organisationId" TEXT NOT NULL,
    "earliest" TIMESTAMP(3) NOT NULL,
    "latest" TIMESTAMP(3) NOT NULL,
    "basis" "EtaBasis" NOT NULL,
    "computedAt" TIMESTAMP(3) NOT NULL,
    "positionRecordedAt" TIMESTAMP(3),
    "announcedEarliest" TIMESTAMP(3),
    "announcedLatest" TIMESTAMP(3),
    "collectionEarliest" TIMESTAMP(3),
    "collectionLatest" TIMESTAMP(3),
    "collectionBasis" "EtaBasis",

    CONSTRAINT "MovementEta_pkey" PRIMARY KEY ("movementRequestId")
);

-- CreateTable
CREATE TABLE "MovementTrip" (
    "movementId" TEXT NOT NULL,
    "organisationId" TEXT NOT NULL,
    "originSiteId" TEXT NOT NULL,
    "destinationSiteId" TEXT NOT NULL,
    "transportMethod" "TransportMethod" NOT NULL,
    "roadKm" DOUBLE PRECISION NOT NULL,
    "directKm" DOUBLE PRECISION NOT NULL,
    "seconds" INTEGER NOT NULL,
    "deliveredAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "MovementTrip_pkey" PRIMARY KEY ("movementId")
);

-- CreateIndex
CREATE INDEX "MovementTrip_organisationId_deliveredAt_idx" ON "MovementTrip"("organisationId", "deliveredAt");

-- AddForeignKey
ALTER TABLE "MovementEta" ADD CONSTRAINT "MovementEta_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MovementTrip" ADD CONSTRAINT "MovementTrip_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- CreateTable
CREATE TABLE "EtaOutcome" (
    "movementRequestId" TEXT NOT NULL,
    "organisationId" TEXT NOT NULL,
    "deliveredAt" TIMESTAMP(3) NOT NULL,
    "businessArea" "BusinessArea" NOT NULL,
    "originSiteId" TEXT NOT NULL,
    "destinationSiteId" TEXT NOT NULL,
    "providerId" TEXT,
    "driverId" TEXT,
    "basis" "EtaBasis" NOT NULL,
    "minutesOff" INTEGER NOT NULL,

    CONSTRAINT "EtaOutcome_pkey" PRIMARY KEY ("movementRequestId")
);

-- CreateIndex
CREATE INDEX "EtaOutcome_organisationId_deliveredAt_idx" ON "EtaOutcome"("organisationId", "deliveredAt");

-- AddForeignKey
ALTER TABLE "EtaOutcome" ADD CONSTRAINT "EtaOutcome_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;
