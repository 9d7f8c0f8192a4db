-- Issue #35 §2: vehicles' positions on the road, and each leg's newest one for the map.

-- CreateTable
CREATE TABLE "VehiclePosition" (
    "id" TEXT NOT NULL,
    "organisationId" TEXT NOT NULL,
    "movementRequestId" TEXT NOT NULL,
    "movementId" TEXT NOT NULL,
    "latitude" DOUBLE PRECISION NOT NULL,
    "longitude" DOUBLE PRECISION NOT NULL,
    "accuracyMetres" DOUBLE PRECISION,
    "recordedAt" TIMESTAMP(3) NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "source" TEXT NOT NULL,

    CONSTRAINT "VehiclePosition_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MovementLastPosition" (
    "movementId" TEXT NOT NULL,
    "organisationId" TEXT NOT NULL,
    "movementRequestId" TEXT NOT NULL,
    "latitude" DOUBLE PRECISION NOT NULL,
    "longitude" DOUBLE PRECISION NOT NULL,
    "accuracyMetres" DOUBLE PRECISION,
    "recordedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "MovementLastPosition_pkey" PRIMARY KEY ("movementId")
);

-- CreateIndex
CREATE UNIQUE INDEX "VehiclePosition_movementId_recordedAt_key" ON "VehiclePosition"("movementId", "recordedAt");

-- CreateIndex
CREATE INDEX "VehiclePosition_movementRequestId_recordedAt_idx" ON "VehiclePosition"("movementRequestId", "recordedAt" DESC);

-- CreateIndex
CREATE INDEX "MovementLastPosition_organisationId_idx" ON "MovementLastPosition"("organisationId");

-- CreateIndex
CREATE INDEX "MovementLastPosition_movementRequestId_idx" ON "MovementLastPosition"("movementRequestId");

-- AddForeignKey
ALTER TABLE "VehiclePosition" ADD CONSTRAINT "VehiclePosition_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MovementLastPosition" ADD CONSTRAINT "MovementLastPosition_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;
