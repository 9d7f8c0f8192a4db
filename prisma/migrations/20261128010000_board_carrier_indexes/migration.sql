-- Issue #15, the board's carrier filter at 1,000,000 requests (docs/performance-scale.md). Additive:
-- indexes only. Both counts (one carrier, and none) merge the organisation's requests in id order with
-- their legs; these let them read only index pages, not the tables (87 ms cold instead of 150 ms for
-- one driver's bounded count on the 1 M data set).

-- The organisation's requests in id order (the merge's outer side, and the probes of carrier "none").
CREATE INDEX "MovementRequest_board_org_id_idx" ON "MovementRequest"("organisationId", "id");

-- Each request's legs with their carriers (the merge's inner side, and every "has a carrier" probe).
-- INCLUDE is in the migration only: Prisma cannot spell it.
CREATE INDEX "Movement_request_carriers_idx" ON "Movement"("movementRequestId") INCLUDE ("driverId", "thirdPartyLogisticsProviderId", "marketplaceCarrierId");
