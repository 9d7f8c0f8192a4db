-- The worker's claim reaches each endpoint's oldest due deliveries through an index of their own: a claim
-- no longer visits an endpoint's whole backlog (lib/webhooks/delivery/claim-due-deliveries.ts).
DROP INDEX "WebhookDelivery_endpointId_status_idx";
CREATE INDEX "WebhookDelivery_endpointId_status_nextAttemptAt_id_idx" ON "WebhookDelivery"("endpointId", "status", "nextAttemptAt", "id");
