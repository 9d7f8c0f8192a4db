-- The at-risk pass reads its due requests in ("atRiskCheckAt", "id") order, a chunk at a time: with the
-- id in the index, a chunk reads only its own rows (many requests share one instant).
DROP INDEX "MovementRequest_at_risk_check_idx";
CREATE INDEX "MovementRequest_at_risk_check_idx" ON "MovementRequest"("atRiskCheckAt", "id")
  WHERE "atRiskCheckAt" IS NOT NULL;
