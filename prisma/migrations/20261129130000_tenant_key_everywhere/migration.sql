-- Issue #38 §4: every tenant table carries its organisation, the distribution column Citus would use
-- (docs/scaling.md). Each table gets "organisationId", back-filled from the parent it already hangs from
-- (in this order, so a parent is filled before its children read it), then NOT NULL, the foreign key
-- and the index the key needs (an organisation's delete cascades through it; a tenant's rows are found
-- without a scan).
--
-- Prisma applies a migration file as one transaction, so the back-fill cannot commit between batches:
-- each table is filled by one UPDATE ... FROM its parent (a hash join: one pass over each table, faster
-- than key-range batches in the same transaction), and the tables it alters are locked until the end.
-- Measured on the 1 M-request database: docs/scaling.md ("The migration").

-- A window counter whose API key is gone counts nothing (the table has no foreign key to ApiKey: job
-- links' counters live here too, under "job-link:<id>").
DELETE FROM "ApiKeyRateLimit" l
WHERE NOT EXISTS (SELECT 1 FROM "ApiKey" k WHERE k.id = l."apiKeyId")
  AND NOT EXISTS (SELECT 1 FROM "JobLink" j WHERE 'job-link:' || j.id = l."apiKeyId");

ALTER TABLE "ApiKey" ADD COLUMN "organisationId" TEXT;
ALTER TABLE "ApiKeyRateLimit" ADD COLUMN "organisationId" TEXT;
ALTER TABLE "IdempotencyRecord" ADD COLUMN "organisationId" TEXT;
ALTER TABLE "JobLinkAction" ADD COLUMN "organisationId" TEXT;
ALTER TABLE "Movement" ADD COLUMN "organisationId" TEXT;
ALTER TABLE "MovementRequestPrice" ADD COLUMN "organisationId" TEXT;
ALTER TABLE "MovementRequestStatusChange" ADD COLUMN "organisationId" TEXT;
ALTER TABLE "ProfileProvider" ADD COLUMN "organisationId" TEXT;
ALTER TABLE "SavedView" ADD COLUMN "organisationId" TEXT;
ALTER TABLE "UserPrepSite" ADD COLUMN "organisationId" TEXT;
ALTER TABLE "UserSession" ADD COLUMN "organisationId" TEXT;
ALTER TABLE "WebhookEndpoint" ADD COLUMN "organisationId" TEXT;
ALTER TABLE "WebhookSecret" ADD COLUMN "organisationId" TEXT;
ALTER TABLE "WebhookDelivery" ADD COLUMN "organisationId" TEXT;
ALTER TABLE "WebhookAttempt" ADD COLUMN "organisationId" TEXT;
ALTER TABLE "ReconEstimateLine" ADD COLUMN "organisationId" TEXT;
UPDATE "ApiKey" c SET "organisationId" = p."organisationId" FROM "Profile" p WHERE p.id = c."profileId";
UPDATE "ApiKeyRateLimit" l SET "organisationId" = COALESCE(
  (SELECT p."organisationId" FROM "ApiKey" k JOIN "Profile" p ON p.id = k."profileId" WHERE k.id = l."apiKeyId"),
  (SELECT j."organisationId" FROM "JobLink" j WHERE 'job-link:' || j.id = l."apiKeyId"));
UPDATE "IdempotencyRecord" c SET "organisationId" = p."organisationId" FROM "ApiKey" p WHERE p.id = c."apiKeyId";
UPDATE "JobLinkAction" c SET "organisationId" = p."organisationId" FROM "JobLink" p WHERE p.id = c."jobLinkId";
UPDATE "Movement" c SET "organisationId" = p."organisationId" FROM "MovementRequest" p WHERE p.id = c."movementRequestId";
UPDATE "MovementRequestPrice" c SET "organisationId" = p."organisationId" FROM "MovementRequest" p WHERE p.id = c."movementRequestId";
UPDATE "MovementRequestStatusChange" c SET "organisationId" = p."organisationId" FROM "MovementRequest" p WHERE p.id = c."movementRequestId";
UPDATE "ProfileProvider" c SET "organisationId" = p."organisationId" FROM "Profile" p WHERE p.id = c."profileId";
UPDATE "SavedView" c SET "organisationId" = p."organisationId" FROM "User" p WHERE p.id = c."userId";
UPDATE "UserPrepSite" c SET "organisationId" = p."organisationId" FROM "User" p WHERE p.id = c."userId";
UPDATE "UserSession" c SET "organisationId" = p."organisationId" FROM "User" p WHERE p.id = c."userId";
UPDATE "WebhookEndpoint" c SET "organisationId" = p."organisationId" FROM "Profile" p WHERE p.id = c."profileId";
UPDATE "WebhookSecret" c SET "organisationId" = p."organisationId" FROM "WebhookEndpoint" p WHERE p.id = c."endpointId";
UPDATE "WebhookDelivery" c SET "organisationId" = p."organisationId" FROM "WebhookEndpoint" p WHERE p.id = c."endpointId";
UPDATE "WebhookAttempt" c SET "organisationId" = p."organisationId" FROM "WebhookDelivery" p WHERE p.id = c."deliveryId";
UPDATE "ReconEstimateLine" c SET "organisationId" = p."organisationId" FROM "ReconWorkItem" p WHERE p.id = c."workItemId";

ALTER TABLE "ApiKey" ALTER COLUMN "organisationId" SET NOT NULL,
  ADD CONSTRAINT "ApiKey_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE INDEX "ApiKey_organisationId_idx" ON "ApiKey"("organisationId");
ALTER TABLE "ApiKeyRateLimit" ALTER COLUMN "organisationId" SET NOT NULL,
  ADD CONSTRAINT "ApiKeyRateLimit_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE INDEX "ApiKeyRateLimit_organisationId_idx" ON "ApiKeyRateLimit"("organisationId");
ALTER TABLE "IdempotencyRecord" ALTER COLUMN "organisationId" SET NOT NULL,
  ADD CONSTRAINT "IdempotencyRecord_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE INDEX "IdempotencyRecord_organisationId_idx" ON "IdempotencyRecord"("organisationId");
ALTER TABLE "JobLinkAction" ALTER COLUMN "organisationId" SET NOT NULL,
  ADD CONSTRAINT "JobLinkAction_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE INDEX "JobLinkAction_organisationId_idx" ON "JobLinkAction"("organisationId");
ALTER TABLE "Movement" ALTER COLUMN "organisationId" SET NOT NULL,
  ADD CONSTRAINT "Movement_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE INDEX "Movement_organisationId_idx" ON "Movement"("organisationId");
ALTER TABLE "MovementRequestPrice" ALTER COLUMN "organisationId" SET NOT NULL,
  ADD CONSTRAINT "MovementRequestPrice_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE INDEX "MovementRequestPrice_organisationId_idx" ON "MovementRequestPrice"("organisationId");
ALTER TABLE "MovementRequestStatusChange" ALTER COLUMN "organisationId" SET NOT NULL,
  ADD CONSTRAINT "MovementRequestStatusChange_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE INDEX "MovementRequestStatusChange_organisationId_idx" ON "MovementRequestStatusChange"("organisationId");
ALTER TABLE "ProfileProvider" ALTER COLUMN "organisationId" SET NOT NULL,
  ADD CONSTRAINT "ProfileProvider_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE INDEX "ProfileProvider_organisationId_idx" ON "ProfileProvider"("organisationId");
ALTER TABLE "SavedView" ALTER COLUMN "organisationId" SET NOT NULL,
  ADD CONSTRAINT "SavedView_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE INDEX "SavedView_organisationId_idx" ON "SavedView"("organisationId");
ALTER TABLE "UserPrepSite" ALTER COLUMN "organisationId" SET NOT NULL,
  ADD CONSTRAINT "UserPrepSite_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE INDEX "UserPrepSite_organisationId_idx" ON "UserPrepSite"("organisationId");
ALTER TABLE "UserSession" ALTER COLUMN "organisationId" SET NOT NULL,
  ADD CONSTRAINT "UserSession_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE INDEX "UserSession_organisationId_idx" ON "UserSession"("organisationId");
ALTER TABLE "WebhookEndpoint" ALTER COLUMN "organisationId" SET NOT NULL,
  ADD CONSTRAINT "WebhookEndpoint_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE INDEX "WebhookEndpoint_organisationId_idx" ON "WebhookEndpoint"("organisationId");
ALTER TABLE "WebhookSecret" ALTER COLUMN "organisationId" SET NOT NULL,
  ADD CONSTRAINT "WebhookSecret_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE INDEX "WebhookSecret_organisationId_idx" ON "WebhookSecret"("organisationId");
ALTER TABLE "WebhookDelivery" ALTER COLUMN "organisationId" SET NOT NULL,
  ADD CONSTRAINT "WebhookDelivery_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE INDEX "WebhookDelivery_organisationId_idx" ON "WebhookDelivery"("organisationId");
ALTER TABLE "WebhookAttempt" ALTER COLUMN "organisationId" SET NOT NULL,
  ADD CONSTRAINT "WebhookAttempt_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE INDEX "WebhookAttempt_organisationId_idx" ON "WebhookAttempt"("organisationId");
ALTER TABLE "ReconEstimateLine" ALTER COLUMN "organisationId" SET NOT NULL,
  ADD CONSTRAINT "ReconEstimateLine_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE INDEX "ReconEstimateLine_organisationId_idx" ON "ReconEstimateLine"("organisationId");
