-- Issue #15, the board at 1,000,000 requests (docs/performance-scale.md, lib/movement-requests/board/
-- board-sql.ts). Additive: indexes only.

-- Sort by origin / destination site name: each site's rows in id order, walked site by site.
CREATE INDEX "MovementRequest_board_origin_id_idx" ON "MovementRequest"("organisationId", "originSiteId", "id");
CREATE INDEX "MovementRequest_board_destination_id_idx" ON "MovementRequest"("organisationId", "destinationSiteId", "id");

-- A ready / due date range, newest first (or oldest): each day's rows in created order, walked day by day.
CREATE INDEX "MovementRequest_board_due_created_idx" ON "MovementRequest"("organisationId", "deliveryByDate", "createdAt" DESC, "id" DESC);
CREATE INDEX "MovementRequest_board_ready_created_idx" ON "MovementRequest"("organisationId", "readyToCollectFromDate", "createdAt" DESC, "id" DESC);

-- Carrier "none": the legs that have no carrier yet (few), from which the requests without one are found.
CREATE INDEX "Movement_no_carrier_idx" ON "Movement"("movementRequestId") WHERE "driverId" IS NULL AND "thirdPartyLogisticsProviderId" IS NULL;
