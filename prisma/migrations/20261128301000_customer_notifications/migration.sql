-- Issue #35 §4: customer notifications ("on its way", "running late", "arriving", "delivered") by
-- e-mail and SMS, through an outbox of their own; the organisation's settings; one-click opt-out.

-- CreateEnum
CREATE TYPE "CustomerMessageKind" AS ENUM ('ON_ITS_WAY', 'RUNNING_LATE', 'ARRIVING', 'DELIVERED');

-- CreateEnum
CREATE TYPE "CustomerChannel" AS ENUM ('EMAIL', 'SMS');

-- CreateEnum
CREATE TYPE "CustomerMessageStatus" AS ENUM ('PENDING', 'SENT', 'SKIPPED', 'FAILED');

-- AlterTable
ALTER TABLE "Organisation" ADD COLUMN     "customerMessageKinds" "CustomerMessageKind"[] DEFAULT ARRAY['ON_ITS_WAY', 'RUNNING_LATE', 'ARRIVING', 'DELIVERED']::"CustomerMessageKind"[],
ADD COLUMN     "quietHoursEnd" TEXT,
ADD COLUMN     "quietHoursStart" TEXT;

-- CreateTable
CREATE TABLE "MovementCustomer" (
    "movementRequestId" TEXT NOT NULL,
    "organisationId" TEXT NOT NULL,
    "name" TEXT,
    "email" TEXT,
    "phone" TEXT,
    "optOutToken" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MovementCustomer_pkey" PRIMARY KEY ("movementRequestId")
);

-- CreateTable
CREATE TABLE "CustomerOptOut" (
    "organisationId" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "optedOutAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CustomerOptOut_pkey" PRIMARY KEY ("organisationId","address")
);

-- CreateTable
CREATE TABLE "CustomerMessage" (
    "id" TEXT NOT NULL,
    "organisationId" TEXT NOT NULL,
    "movementRequestId" TEXT NOT NULL,
    "kind" "CustomerMessageKind" NOT NULL,
    "channel" "CustomerChannel" NOT NULL,
    "idempotencyKey" TEXT NOT NULL,
    "to" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "html" TEXT,
    "optOutUrl" TEXT NOT NULL,
    "status" "CustomerMessageStatus" NOT NULL DEFAULT 'PENDING',
    "attemptCount" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lockedUntil" TIMESTAMP(3),
    "lastError" TEXT,
    "providerMessageId" TEXT,
    "sentAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CustomerMessage_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "MovementCustomer_optOutToken_key" ON "MovementCustomer"("optOutToken");

-- CreateIndex
CREATE UNIQUE INDEX "CustomerMessage_idempotencyKey_key" ON "CustomerMessage"("idempotencyKey");

-- CreateIndex
CREATE INDEX "CustomerMessage_status_nextAttemptAt_idx" ON "CustomerMessage"("status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "CustomerMessage_movementRequestId_idx" ON "CustomerMessage"("movementRequestId");

-- AddForeignKey
ALTER TABLE "MovementCustomer" ADD CONSTRAINT "MovementCustomer_movementRequestId_fkey" FOREIGN KEY ("movementRequestId") REFERENCES "MovementRequest"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CustomerOptOut" ADD CONSTRAINT "CustomerOptOut_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CustomerMessage" ADD CONSTRAINT "CustomerMessage_movementRequestId_fkey" FOREIGN KEY ("movementRequestId") REFERENCES "MovementRequest"("id") ON DELETE CASCADE ON UPDATE CASCADE;
