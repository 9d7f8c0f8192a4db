-- The marketplace carrier that won a request carries its legs (issue 16 §4, gap 1), and acts on them
-- through a job link of its own that has no token: its signed-in session is the credential.
ALTER TABLE "Movement" ADD COLUMN "marketplaceCarrierId" TEXT;
ALTER TABLE "Movement" ADD CONSTRAINT "Movement_marketplaceCarrierId_fkey"
    FOREIGN KEY ("marketplaceCarrierId") REFERENCES "MarketplaceCarrier"("id") ON DELETE SET NULL ON UPDATE CASCADE;
CREATE INDEX "Movement_marketplaceCarrierId_idx" ON "Movement"("marketplaceCarrierId");

ALTER TABLE "JobLink" ADD COLUMN "marketplaceCarrierId" TEXT;
ALTER TABLE "JobLink" ALTER COLUMN "tokenHash" DROP NOT NULL;
ALTER TABLE "JobLink" DROP CONSTRAINT "JobLink_one_carrier";
ALTER TABLE "JobLink" ADD CONSTRAINT "JobLink_one_carrier"
    CHECK (num_nonnulls("driverId", "thirdPartyLogisticsProviderId", "marketplaceCarrierId") = 1);
-- A link without a token is a marketplace carrier's, and a marketplace carrier's link has none.
ALTER TABLE "JobLink" ADD CONSTRAINT "JobLink_token_unless_marketplace"
    CHECK (("tokenHash" IS NULL) = ("marketplaceCarrierId" IS NOT NULL));
-- One job per marketplace carrier and request: the session finds it by the two.
CREATE UNIQUE INDEX "JobLink_marketplace_job_key" ON "JobLink"("movementRequestId", "marketplaceCarrierId")
    WHERE "marketplaceCarrierId" IS NOT NULL;
