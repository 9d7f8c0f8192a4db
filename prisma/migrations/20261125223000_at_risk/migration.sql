-- At risk before late (issue 17): the worker's verdict and expected arrival for each open request.
ALTER TABLE "MovementRequest" ADD COLUMN "atRiskSince" TIMESTAMP(3), ADD COLUMN "expectedArrivalAt" TIMESTAMP(3);

-- The board's "At risk" filter reads only the few requests at risk, newest first (the keyset's order).
CREATE INDEX "MovementRequest_at_risk_idx" ON "MovementRequest"("organisationId", "createdAt" DESC, "id" DESC)
  WHERE "atRiskSince" IS NOT NULL;

-- The worker's pass reads the open requests of every organisation once a minute: about 2 % of the table.
CREATE INDEX "MovementRequest_open_idx" ON "MovementRequest"("id")
  WHERE "status" NOT IN ('DELIVERED', 'CANCELLED', 'ABORTED');
