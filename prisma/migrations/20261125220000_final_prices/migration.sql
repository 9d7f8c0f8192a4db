-- The carrier's final prices (issue 17): one row per price recorded, the latest is the request's cost.
CREATE TABLE "MovementRequestPrice" (
    "id" TEXT NOT NULL,
    "movementRequestId" TEXT NOT NULL,
    "centAmount" INTEGER NOT NULL,
    "currencyCode" CHAR(3) NOT NULL,
    "actor" TEXT NOT NULL,
    "recordedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MovementRequestPrice_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "MovementRequestPrice_movementRequestId_recordedAt_idx" ON "MovementRequestPrice"("movementRequestId", "recordedAt");

ALTER TABLE "MovementRequestPrice" ADD CONSTRAINT "MovementRequestPrice_movementRequestId_fkey" FOREIGN KEY ("movementRequestId") REFERENCES "MovementRequest"("id") ON DELETE CASCADE ON UPDATE CASCADE;
