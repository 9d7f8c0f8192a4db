-- Proof of collection and delivery (issue 16 §2): the organisation's minimum photo set and tracking
-- page setting, the proofs and their photos.
ALTER TABLE "Organisation"
  ADD COLUMN "proofPhotoSlots" TEXT[] DEFAULT ARRAY['front_left', 'front_right', 'rear_left', 'rear_right', 'odometer']::TEXT[],
  ADD COLUMN "proofOnTrackingPage" BOOLEAN NOT NULL DEFAULT false;

-- CreateEnum
CREATE TYPE "ProofKind" AS ENUM ('COLLECTION', 'DELIVERY');

-- CreateTable
CREATE TABLE "Proof" (
    "id" TEXT NOT NULL,
    "organisationId" TEXT NOT NULL,
    "movementRequestId" TEXT NOT NULL,
    "legNumber" INTEGER NOT NULL,
    "kind" "ProofKind" NOT NULL,
    "jobLinkId" TEXT NOT NULL,
    "idempotencyKey" TEXT NOT NULL,
    "requestHash" TEXT NOT NULL,
    "recordedBy" TEXT NOT NULL,
    "odometer" INTEGER,
    "personName" TEXT NOT NULL,
    "recordedAt" TIMESTAMP(3) NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "latitude" DOUBLE PRECISION,
    "longitude" DOUBLE PRECISION,
    "accuracyMetres" DOUBLE PRECISION,
    "damage" JSONB NOT NULL DEFAULT '[]',

    CONSTRAINT "Proof_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProofPhoto" (
    "id" TEXT NOT NULL,
    "organisationId" TEXT NOT NULL,
    "jobLinkId" TEXT NOT NULL,
    "clientId" TEXT NOT NULL,
    "proofId" TEXT,
    "slot" TEXT,
    "storageKey" TEXT NOT NULL,
    "contentType" TEXT NOT NULL,
    "bytes" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ProofPhoto_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Proof_jobLinkId_idempotencyKey_key" ON "Proof"("jobLinkId", "idempotencyKey");

-- CreateIndex
CREATE UNIQUE INDEX "Proof_movementRequestId_legNumber_kind_key" ON "Proof"("movementRequestId", "legNumber", "kind");

-- CreateIndex
CREATE UNIQUE INDEX "ProofPhoto_jobLinkId_clientId_key" ON "ProofPhoto"("jobLinkId", "clientId");

-- CreateIndex
CREATE INDEX "ProofPhoto_proofId_idx" ON "ProofPhoto"("proofId");

-- AddForeignKey
ALTER TABLE "Proof" ADD CONSTRAINT "Proof_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProofPhoto" ADD CONSTRAINT "ProofPhoto_proofId_fkey" FOREIGN KEY ("proofId") REFERENCES "Proof"("id") ON DELETE CASCADE ON UPDATE CASCADE;
