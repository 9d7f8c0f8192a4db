-- Issue #38 §1: two more index insertions off every create. A request is created without a tracking
-- token (most never get one) and without a prep job (most go site to site): indexes of the rows that
-- have one are all the lookups need, and a row without one is not written to them.
DROP INDEX "MovementRequest_trackingToken_key";
CREATE UNIQUE INDEX "MovementRequest_trackingToken_key" ON "MovementRequest"("trackingToken") WHERE "trackingToken" IS NOT NULL;
DROP INDEX "MovementRequest_prepJobId_idx";
CREATE INDEX "MovementRequest_prepJobId_idx" ON "MovementRequest"("prepJobId") WHERE "prepJobId" IS NOT NULL;
