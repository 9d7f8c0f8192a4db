-- Issue #38 §1: a lean hot table. At 1,000,000 requests MovementRequest carried 35 indexes, 3.5 GB
-- for a 356 MB heap, all maintained by every create and status change. The board now sorts any
-- column but "created" within a working set (lib/movement-requests/board/board-working-set.ts), so
-- the index per sort column and direction goes, and so do the site walks' and the day walks' indexes.
-- Each index left serves a named query path (docs/performance-scale.md, "Index budget").

-- One per board sort and direction, and the site and day walks.
DROP INDEX IF EXISTS "MovementRequest_board_status_idx";
DROP INDEX IF EXISTS "MovementRequest_board_vehicle_idx";
DROP INDEX IF EXISTS "MovementRequest_board_vehicle_desc_idx";
DROP INDEX IF EXISTS "MovementRequest_board_ready_idx";
DROP INDEX IF EXISTS "MovementRequest_board_due_idx";
DROP INDEX IF EXISTS "MovementRequest_board_estimated_delivery_idx";
DROP INDEX IF EXISTS "MovementRequest_board_estimated_delivery_desc_idx";
DROP INDEX IF EXISTS "MovementRequest_board_estimated_cost_idx";
DROP INDEX IF EXISTS "MovementRequest_board_estimated_cost_desc_idx";
DROP INDEX IF EXISTS "MovementRequest_board_cost_idx";
DROP INDEX IF EXISTS "MovementRequest_board_cost_desc_idx";
DROP INDEX IF EXISTS "MovementRequest_board_origin_idx";
DROP INDEX IF EXISTS "MovementRequest_board_destination_idx";
DROP INDEX IF EXISTS "MovementRequest_board_origin_id_idx";
DROP INDEX IF EXISTS "MovementRequest_board_destination_id_idx";
DROP INDEX IF EXISTS "MovementRequest_board_due_created_idx";
DROP INDEX IF EXISTS "MovementRequest_board_ready_created_idx";

-- Lookups no query makes: by profile in creation order (no list reads a profile's requests), and
-- equality on the VIN, VRM or external id (the board's search reads the trigram indexes).
DROP INDEX IF EXISTS "MovementRequest_profileId_createdAt_idx";
DROP INDEX IF EXISTS "MovementRequest_organisationId_vin_idx";
DROP INDEX IF EXISTS "MovementRequest_organisationId_vrm_idx";
DROP INDEX IF EXISTS "MovementRequest_organisationId_externalId_idx";

-- The board's filters on a site or a date, read as a set and then sorted. Few distinct keys, so
-- PostgreSQL's deduplicated B-trees keep each one small (a posting list of row ids per key).
CREATE INDEX "MovementRequest_originSiteId_idx" ON "MovementRequest"("originSiteId");
CREATE INDEX "MovementRequest_destinationSiteId_idx" ON "MovementRequest"("destinationSiteId");
CREATE INDEX "MovementRequest_organisationId_deliveryByDate_idx" ON "MovementRequest"("organisationId", "deliveryByDate");
CREATE INDEX "MovementRequest_organisationId_readyToCollectFromDate_idx" ON "MovementRequest"("organisationId", "readyToCollectFromDate");
